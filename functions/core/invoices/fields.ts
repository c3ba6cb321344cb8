import { type FieldsWith, fieldsWith } from '../../../shared/invoice-fields';

/** Invoice fields the AI extracts and reviewers may correct; the basis of the AI accuracy figure. */
export const EXTRACTED_FIELDS = fieldsWith('corrected');
export type ExtractedField = FieldsWith<'corrected'>;

export type ExtractedValues = Partial<Record<ExtractedField, string | number | null>>;

const same = (a: unknown, b: unknown) => {
  if (typeof a === 'number' || typeof b === 'number') return Math.abs(Number(a) - Number(b)) < 0.005;
  return String(a ?? '').trim() === String(b ?? '').trim();
};

/**
 * Which AI-extracted fields a reviewer has now corrected: a field counts once it differs from what the
 * AI extracted (and the AI had extracted something for it).
 */
export function correctedFields(extracted: ExtractedValues, current: ExtractedValues): ExtractedField[] {
  return EXTRACTED_FIELDS.filter(
    (field) =>
      extracted[field] !== null && extracted[field] !== undefined && !same(extracted[field], current[field]),
  );
}

/** The fields the AI filled in. */
export function extractedFields(extracted: ExtractedValues): ExtractedField[] {
  return EXTRACTED_FIELDS.filter((f) => extracted[f] !== null && extracted[f] !== undefined);
}

const UNMARKED = new Set(['notes', 'categoryName', 'vendorId', 'vendorMatch']);

/**
 * The invoice's hand-edit marks after a person changed `changes`: each field whose value differs from
 * before is marked with who changed it and when (the UI shows 'Edited by {name}' instead of the AI's
 * confidence); earlier marks stay. Notes are a person's own text, never the AI's, so they are not marked;
 * the vendor link and its match follow the vendor name, which is.
 */
export function markEdits(
  before: object,
  changes: object,
  existing: Record<string, { by: string; name: string | null; at: string }> | undefined,
  edit: { by: string; name: string | null; at: string },
): Record<string, { by: string; name: string | null; at: string }> {
  const marks = { ...(existing ?? {}) };
  for (const [field, value] of Object.entries(changes)) {
    if (UNMARKED.has(field)) continue;
    const was = (before as Record<string, unknown>)[field];
    if (JSON.stringify(was ?? null) !== JSON.stringify(value ?? null)) marks[field] = edit;
  }
  return marks;
}
