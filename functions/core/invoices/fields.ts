/** Invoice fields the AI extracts and reviewers may correct; the basis of the AI accuracy figure. */
export const EXTRACTED_FIELDS = [
  'vendorName',
  'vendorAddress',
  'vendorEmail',
  'vendorPhone',
  'invoiceNumber',
  'invoiceDate',
  'dueDate',
  'subtotal',
  'taxAmount',
  'totalAmount',
] as const;
export type ExtractedField = (typeof EXTRACTED_FIELDS)[number];

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
