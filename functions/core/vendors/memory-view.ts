import type { LearnedField, LearnedLayout, VendorMemory } from '../../../shared/schemas/vendor-memory';
import type { Anchor } from '../extraction/anchors';
import {
  FIELD_WORDS,
  type FieldMemory,
  type LayoutMemory,
  MEMORY_FIELDS,
  type MemoryField,
  MIN_WEIGHT,
  weightOf,
} from './memory';

/**
 * What the vendor's page says was learned of the vendor (GET /api/vendors/{id}/memory): each remembered
 * layout with, per field, how it is found in plain words and its record. A layout's fingerprint and the
 * anchors' coordinates stay on the server: a person cannot read them, and they describe the vendor's
 * documents, not what a person taught.
 */

/**
 * Below this vertical distance from its label (as a fraction of the page) a value is on the label's row:
 * a printed line is 1–1.5% of the page high, and a label line above the value is at least one line up.
 */
const SAME_ROW = 0.01;

const quoted = (label: string[]) => {
  const text = label.join(' ');
  return `"${text.charAt(0).toUpperCase()}${text.slice(1)}"`;
};

/** How an anchor finds its value, as a person would say it. */
export function foundBy(anchor: Anchor): string {
  const onPage = anchor.page > 1 ? ` on page ${anchor.page}` : '';
  if (anchor.how === 'region' || !anchor.label?.length) {
    return anchor.page > 1 ? `At the same place on page ${anchor.page}` : 'At the same place on the page';
  }
  const label = quoted(anchor.label);
  if (anchor.how === 'inline') return `Next to ${label}${onPage}`;
  const dy = anchor.dy ?? 0;
  if (dy >= SAME_ROW) return `Below ${label}${onPage}`;
  if (dy <= -SAME_ROW) return `Above ${label}${onPage}`;
  return `Next to ${label}${onPage}`;
}

const surestFirst = (a: FieldMemory, b: FieldMemory) => weightOf(b) - weightOf(a) || b.right - a.right;

function learnedFields(layout: LayoutMemory): LearnedField[] {
  return (Object.keys(MEMORY_FIELDS) as MemoryField[]).flatMap((field) =>
    [...(layout.fields[field] ?? [])].sort(surestFirst).map((anchor) => ({
      field,
      words: FIELD_WORDS[field],
      foundBy: foundBy(anchor),
      right: anchor.right,
      wrong: anchor.wrong,
      used: weightOf(anchor) >= MIN_WEIGHT,
    })),
  );
}

/** The vendor's remembered layouts as the vendor's page shows them, the most recently approved first. */
export function memoryView(layouts: LayoutMemory[]): Pick<VendorMemory, 'layouts'> {
  return {
    layouts: [...layouts]
      .sort((a, b) => b.approvedAt.localeCompare(a.approvedAt))
      .map(
        (layout): LearnedLayout => ({
          id: layout.id,
          approvals: layout.approvals,
          learnedAt: layout.learnedAt,
          approvedAt: layout.approvedAt,
          fields: learnedFields(layout),
        }),
      ),
  };
}
