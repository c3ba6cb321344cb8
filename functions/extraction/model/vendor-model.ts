import { foldText } from '../../core/classification/text-keys';
import type { ExpenseField } from '../../core/extraction/expense-types';
import type { DocLine } from '../fields/lines';
import { type LinearScorer, scoreLinear } from './linear';
import {
  type AddressCandidate,
  addressCandidates,
  type NameCandidate,
  nameCandidates,
  type RulesAnswer,
  withRulesAnswers,
} from './vendor-candidates';
import { addressFeaturesOf, type NameAnchor, nameFeaturesOf } from './vendor-features';

/**
 * The learned seller name and address: every name candidate is scored by one logistic
 * regression, the best one is the name; address blocks are then scored by another, with features
 * measured from that name (below it, in its column, the rest of its line).
 */
export const VENDOR_FIELDS = ['vendorName', 'vendorAddress'] as const;
export type VendorField = (typeof VENDOR_FIELDS)[number];

/** A document's name and address candidates with the features that do not depend on a model. */
export interface VendorPrepared {
  names: NameCandidate[];
  nameFeatures: number[][];
  addresses: AddressCandidate[];
  addressOwn: number[][];
}

/** The rules' seller name and address in a document they answered. */
export function rulesAnswer(fields: ExpenseField[]): RulesAnswer {
  const text = (type: string) => fields.find((f) => f.Type?.Text === type)?.ValueDetection?.Text ?? null;
  return { name: text('VENDOR_NAME'), address: text('VENDOR_ADDRESS') };
}

export function prepareVendor(lines: DocLine[], rules: RulesAnswer): VendorPrepared {
  const { names, addresses } = withRulesAnswers(
    lines,
    nameCandidates(lines),
    addressCandidates(lines),
    rules,
  );
  return {
    names,
    nameFeatures: nameFeaturesOf(lines, names, rules),
    addresses,
    addressOwn: addressFeaturesOf(lines, addresses, null, rules).own,
  };
}

export interface VendorPick<C> {
  candidate: C;
  /** The model's score of the candidate (0..1, before calibration). */
  score: number;
}

function best<C>(candidates: C[], features: number[][], scorer: LinearScorer): VendorPick<C> | null {
  let top: VendorPick<C> | null = null;
  candidates.forEach((candidate, i) => {
    const score = scoreLinear(scorer, features[i]);
    if (!top || score > top.score) top = { candidate, score };
  });
  return top;
}

/** The best-scored name candidate. */
export function pickName(prep: VendorPrepared, scorer: LinearScorer): VendorPick<NameCandidate> | null {
  return best(prep.names, prep.nameFeatures, scorer);
}

/** The address features of every block, measured from the picked name. */
export function addressFeaturesFrom(
  lines: DocLine[],
  prep: VendorPrepared,
  name: NameAnchor | null,
): number[][] {
  return addressFeaturesOf(lines, prep.addresses, name, prep.addressOwn).features;
}

export interface VendorPicks {
  vendorName: VendorPick<NameCandidate> | null;
  vendorAddress: VendorPick<AddressCandidate> | null;
  /**
   * The name model's score of the name the rules read (a candidate of its own when no other has
   * its text); null without a rules' name, a name scorer, or when the name is not on the page.
   */
  rulesName: number | null;
  /**
   * The next-best names after the picked one, best first (distinct texts): where the organization
   * knows the picked one is its own name (the buyer), the next one is the seller.
   */
  alternatives: Array<VendorPick<NameCandidate>>;
}

/** Alternative names kept per document. */
const ALTERNATIVES = 4;

export function pickVendor(
  lines: DocLine[],
  scorers: Partial<Record<VendorField, LinearScorer>>,
  rules: RulesAnswer,
): VendorPicks {
  const prep = prepareVendor(lines, rules);
  const name = scorers.vendorName ? pickName(prep, scorers.vendorName) : null;
  const address = scorers.vendorAddress
    ? best(prep.addresses, addressFeaturesFrom(lines, prep, name?.candidate ?? null), scorers.vendorAddress)
    : null;
  const rulesText = rules.name ? foldText(rules.name) : null;
  const rulesIndex = prep.names.findIndex((c) => foldText(c.text) === rulesText);
  const rulesName =
    scorers.vendorName && rulesIndex >= 0
      ? scoreLinear(scorers.vendorName, prep.nameFeatures[rulesIndex])
      : null;
  const seen = new Set(name ? [foldText(name.candidate.text)] : []);
  const alternatives: Array<VendorPick<NameCandidate>> = [];
  if (scorers.vendorName) {
    const ranked = prep.names
      .map((candidate, i) => ({ candidate, score: scoreLinear(scorers.vendorName!, prep.nameFeatures[i]) }))
      .sort((a, b) => b.score - a.score);
    for (const pick of ranked) {
      const key = foldText(pick.candidate.text);
      if (seen.has(key)) continue;
      seen.add(key);
      alternatives.push(pick);
      if (alternatives.length === ALTERNATIVES) break;
    }
  }
  return { vendorName: name, vendorAddress: address, rulesName, alternatives };
}
