import { foldText } from './text-keys';

/**
 * Street addresses compared by what identifies them: the house number, the street's name and the
 * postal code, whatever the formatting ("12 North Main Street, Springfield MA 01101" and "12 N MAIN
 * ST / SPRINGFIELD, MA 01101-2345" are one address). Street types and directions are abbreviated
 * first, so that they match however they are written.
 */

const ADDRESS_WORDS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  boulevard: 'blvd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  suite: 'ste',
  apartment: 'apt',
  unit: 'apt',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  highway: 'hwy',
  parkway: 'pkwy',
  terrace: 'ter',
  circle: 'cir',
};
const STREET_TYPES = new Set([
  'st',
  'ave',
  'rd',
  'blvd',
  'dr',
  'ln',
  'ct',
  'pl',
  'hwy',
  'pkwy',
  'ter',
  'cir',
  'way',
]);
const DIRECTIONS = new Set(['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw']);
const UNIT_WORDS = new Set(['ste', 'apt', '#', 'fl', 'floor', 'bldg', 'rm']);

/** The address's words, folded and abbreviated (Street → st). */
export function addressTokens(text: string): string[] {
  return foldText(text)
    .split(' ')
    .filter(Boolean)
    .map((w) => ADDRESS_WORDS[w] ?? w);
}

export interface AddressKey {
  /** The house number ("12", "12b"); null when the text has no street line. */
  number: string | null;
  /** The street's name words after the number, without direction or type ("main"). */
  street: string[];
  /** The direction before the street's name ("n" of "12 N Main St"), when printed. */
  direction: string | null;
  /** The five-digit (US) postal code, when printed. */
  zip: string | null;
}

export function addressKey(text: string): AddressKey {
  const tokens = addressTokens(text);
  const zip = tokens.filter((t) => /^\d{5}$/.test(t)).at(-1) ?? null;
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (!/^\d{1,6}[a-z]?$/.test(tokens[i]) || !/[a-z]/.test(tokens[i + 1])) continue;
    const street: string[] = [];
    let direction: string | null = null;
    for (const t of tokens.slice(i + 1, i + 6)) {
      if (STREET_TYPES.has(t) || UNIT_WORDS.has(t)) break;
      if (DIRECTIONS.has(t) && street.length === 0) direction = t;
      else street.push(t);
    }
    if (street.length > 0)
      return { number: tokens[i], street, direction, zip: zip === tokens[i] ? null : zip };
  }
  return { number: null, street: [], direction: null, zip };
}

/**
 * One street address: the same number and street name, and the same direction and postal code where
 * both print one.
 */
export function sameStreet(a: AddressKey, b: AddressKey): boolean {
  if (!a.number || a.number !== b.number || a.street.length === 0 || b.street.length === 0) return false;
  if (a.zip && b.zip && a.zip !== b.zip) return false;
  if (a.direction && b.direction && a.direction !== b.direction) return false;
  const [short, long] = a.street.length <= b.street.length ? [a.street, b.street] : [b.street, a.street];
  return short.every((w, i) => long[i] === w);
}
