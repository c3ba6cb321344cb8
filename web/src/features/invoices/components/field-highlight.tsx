import type { FieldLocation } from '@shared/schemas/invoice';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';

interface FieldHighlightState {
  locations: Record<string, FieldLocation>;
  /** The field shown on the document: the hovered one, else the focused one. */
  active: string | null;
  setHovered: (name: string | null) => void;
  setFocused: (name: string | null) => void;
}

// Outside a provider nothing is located, so the fields and the form work as they always did.
const FieldHighlightContext = createContext<FieldHighlightState>({
  locations: {},
  active: null,
  setHovered: () => {},
  setFocused: () => {},
});

/** Shares, between the extracted fields and the preview, which field's box the preview shows. */
export function FieldHighlightProvider({
  locations,
  children,
}: {
  locations: Record<string, FieldLocation> | undefined;
  children: ReactNode;
}) {
  const [hovered, setHovered] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const value = useMemo(
    () => ({ locations: locations ?? {}, active: hovered ?? focused, setHovered, setFocused }),
    [locations, hovered, focused],
  );
  return <FieldHighlightContext.Provider value={value}>{children}</FieldHighlightContext.Provider>;
}

export function useFieldHighlight() {
  return useContext(FieldHighlightContext);
}

/** Clears the highlight when the caller unmounts: a removed field gets no mouseleave or blur. */
export function useClearHighlightOnUnmount() {
  const { setHovered, setFocused } = useFieldHighlight();
  useEffect(
    () => () => {
      setHovered(null);
      setFocused(null);
    },
    [setHovered, setFocused],
  );
}

/** 0.07 → '7%' (not '7.000000000000001%'). */
const percent = (fraction: number) => `${Number((fraction * 100).toFixed(3))}%`;

/** Brings `box` into its preview's scroll area, unless it is already fully visible there. */
function reveal(box: HTMLElement) {
  const scroller = box.closest<HTMLElement>('[data-preview-scroller]');
  if (!scroller) return;
  const view = scroller.getBoundingClientRect();
  const rect = box.getBoundingClientRect();
  if (rect.top >= view.top && rect.bottom <= view.bottom) return;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  scroller.scrollTo?.({
    top: scroller.scrollTop + rect.top - view.top - (view.height - rect.height) / 2,
    behavior: reduce ? 'auto' : 'smooth',
  });
}

/**
 * The active field's box on one page, drawn in an overlay over the canvas or image (never on the
 * canvas, so a re-render at another width leaves it alone). Place it inside the page's positioned frame.
 */
export function FieldHighlight({ page }: { page: number }) {
  const { locations, active } = useFieldHighlight();
  const location = active ? locations[active] : undefined;
  const ref = useRef<HTMLDivElement>(null);
  const shown = location && location.page === page ? location : null;

  useEffect(() => {
    if (shown && ref.current) reveal(ref.current);
  }, [shown]);

  // The box stays in the page and is hidden when no field of this page is active. Removing it as the
  // focus moves from one field to the next would make the dialog's focus trap (Radix FocusScope, whose
  // MutationObserver sees a node removed while nothing has the focus) pull the focus back to the dialog.
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0">
      <div
        ref={ref}
        // Named only while shown: each page has one, and tests look for the box on the page.
        data-testid={shown ? 'field-highlight' : undefined}
        hidden={!shown}
        className="absolute rounded-[2px] bg-brand-400/25 ring-2 ring-brand-500 mix-blend-multiply"
        style={
          shown
            ? {
                left: percent(shown.left),
                top: percent(shown.top),
                width: percent(shown.width),
                height: percent(shown.height),
              }
            : undefined
        }
      />
    </div>
  );
}
