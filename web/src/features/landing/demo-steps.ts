/** The Watch Demo simulation: a sample file walks through these steps, with no server call. */
export const DEMO_FILE = 'sample-invoice.pdf';

export const DEMO_STEPS = [
  { label: 'Uploading file', ms: 1000 },
  { label: 'Scanning document', ms: 2000 },
  { label: 'AI data extraction', ms: 3000 },
  { label: 'Analyzing content', ms: 1500 },
  { label: 'Processing complete', ms: 500 },
] as const;

export const DEMO_TOTAL_MS = DEMO_STEPS.reduce((sum, s) => sum + s.ms, 0);
/**
 * After the steps the success message shows; the panel hides about 8 s later (long enough to read
 * the result) and the demo area closes about 2 s after that.
 */
export const DEMO_PANEL_HIDE_MS = DEMO_TOTAL_MS + 8000;
export const DEMO_CLOSE_MS = DEMO_PANEL_HIDE_MS + 2000;

export interface DemoState {
  /** Index of the running step; DEMO_STEPS.length once every step is done. */
  step: number;
  /** 0..100 across all steps. */
  progress: number;
  done: boolean;
  panelVisible: boolean;
  open: boolean;
}

/** Where the demo is `elapsed` ms after Watch Demo was pressed. */
export function demoStateAt(elapsed: number): DemoState {
  let acc = 0;
  let step: number = DEMO_STEPS.length;
  for (let i = 0; i < DEMO_STEPS.length; i++) {
    if (elapsed < acc + DEMO_STEPS[i].ms) {
      step = i;
      break;
    }
    acc += DEMO_STEPS[i].ms;
  }
  return {
    step,
    progress: Math.min(100, Math.round((elapsed / DEMO_TOTAL_MS) * 100)),
    done: elapsed >= DEMO_TOTAL_MS,
    panelVisible: elapsed < DEMO_PANEL_HIDE_MS,
    open: elapsed < DEMO_CLOSE_MS,
  };
}
