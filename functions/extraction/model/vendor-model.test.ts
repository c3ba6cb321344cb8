import { describe, expect, it } from 'vitest';
import { docLines } from '../fields/lines';
import { groupIntoLines, type LayoutPage, type LayoutWord } from '../text-layout';
import { trainLinear } from './linear';
import { applyModel } from './model';
import { neverAName } from './vendor-candidates';
import { ADDRESS_FEATURE_NAMES, NAME_FEATURE_NAMES } from './vendor-features';
import { addressFeaturesFrom, pickName, pickVendor, prepareVendor } from './vendor-model';

/** Text runs placed on a 600×800 page: [text, x, y, size]; a character is 0.6 × size wide. */
function page(runs: Array<[string, number, number, number?]>): LayoutPage {
  const words: LayoutWord[] = [];
  for (const [text, x, y, size = 10] of runs) {
    let at = x;
    for (const w of text.split(' ')) {
      words.push({ text: w, x0: at, x1: at + w.length * size * 0.6, y0: y, y1: y + size, confidence: 99 });
      at += (w.length + 1) * size * 0.6;
    }
  }
  return { page: 1, width: 600, height: 800, lines: groupIntoLines(1, words), source: 'pdf-text' };
}

interface Invoice {
  seller: string;
  street: string;
  town: string;
  buyer: string;
  /** Where the seller prints its name: a letterhead at the top, or only the footer. */
  place: 'letterhead' | 'footer';
}

function invoice(v: Invoice): LayoutPage {
  const runs: Array<[string, number, number, number?]> = [
    ['Rechnungsempfänger', 330, 150],
    [v.buyer, 330, 165],
    ['Lindenweg 3', 330, 180],
    ['20095 Hamburg', 330, 195],
    ['RECHNUNG', 40, 240, 16],
    ['Rechnungsnummer', 40, 270],
    ['R-2041', 200, 270],
    ['Gesamtbetrag', 330, 400],
    ['119,00', 480, 400],
  ];
  if (v.place === 'letterhead') {
    runs.push([v.seller, 40, 40, 18], [v.street, 40, 70], [v.town, 40, 85]);
  } else {
    runs.push(
      [`${v.seller} · ${v.street} · ${v.town}`, 40, 760, 7],
      ['IBAN DE12 5001 0517 0000 00', 40, 770, 7],
    );
  }
  return page(runs);
}

/** A seller in the letterhead and a buyer under "Rechnungsempfänger", both with a legal form. */
const primeFacility = invoice({
  seller: 'Prime Facility GmbH',
  street: 'Gartenweg 7',
  town: '01067 Dresden',
  buyer: 'Verwaltung Stein GmbH',
  place: 'letterhead',
});

const NO_RULES = { name: null, address: null };

const nordTechnik = invoice({
  seller: 'Nord Technik GmbH',
  street: 'Hauptstraße 5',
  town: '10115 Berlin',
  buyer: 'Müller Hausverwaltung GmbH',
  place: 'letterhead',
});

/** Name and address scorers trained on a handful of such invoices (seller in the letterhead or the footer). */
function trained() {
  const sellers = ['Nord Technik GmbH', 'Blau Bau AG', 'Solar Service KG', 'Delta Reinigung GmbH'];
  const buyers = ['Müller Hausverwaltung GmbH', 'Wohnbau Nord eG', 'Immobilien Weber GmbH', 'Haus Sonne GbR'];
  const streets = ['Hauptstraße 5', 'Kirchweg 12', 'Marktplatz 1', 'Ringstraße 40'];
  const towns = ['10115 Berlin', '50667 Köln', '80331 München', '04109 Leipzig'];
  const docs = sellers.flatMap((seller, i) =>
    (['letterhead', 'footer'] as const).map((place) => {
      const v = { seller, street: streets[i], town: towns[i], buyer: buyers[i], place };
      const lines = docLines([invoice(v)]);
      return { v, lines, prep: prepareVendor(lines, NO_RULES) };
    }),
  );
  const nameX = docs.flatMap((d) => d.prep.nameFeatures);
  const nameY = docs.flatMap((d) => d.prep.names.map((c) => (c.text === d.v.seller ? 1 : 0)));
  const vendorName = trainLinear(nameX, nameY);
  const addressX: number[][] = [];
  const addressY: number[] = [];
  for (const d of docs) {
    const anchor = pickName(d.prep, vendorName)?.candidate ?? null;
    addressX.push(...addressFeaturesFrom(d.lines, d.prep, anchor));
    addressY.push(...d.prep.addresses.map((c) => (c.text === `${d.v.street}\n${d.v.town}` ? 1 : 0)));
  }
  return { vendorName, vendorAddress: trainLinear(addressX, addressY) };
}

describe('vendor candidates and features', () => {
  it('offers the letterhead name, the buyer name and the first part of a footer line as name candidates', () => {
    const lines = docLines([
      nordTechnik,
      invoice({
        seller: 'Blau Bau AG',
        street: 'Kirchweg 12',
        town: '50667 Köln',
        buyer: 'Müller Hausverwaltung GmbH',
        place: 'footer',
      }),
    ]);
    const prep = prepareVendor(lines, NO_RULES);
    const texts = prep.names.map((c) => c.text);
    expect(texts).toEqual(
      expect.arrayContaining(['Nord Technik GmbH', 'Müller Hausverwaltung GmbH', 'Blau Bau AG']),
    );
    const feature = (text: string, name: string) =>
      prep.nameFeatures[prep.names.findIndex((c) => c.text === text)][NAME_FEATURE_NAMES.indexOf(name)];
    // The buyer's name stands under its label; the seller's does not, and is printed large at the top.
    expect(feature('Müller Hausverwaltung GmbH', 'buyerAbove')).toBeGreaterThan(0);
    expect(feature('Nord Technik GmbH', 'buyerAbove')).toBe(0);
    expect(feature('Nord Technik GmbH', 'tallest')).toBe(1);
    expect(feature('Nord Technik GmbH', 'legalForm')).toBe(1);
    expect(feature('Nord Technik GmbH', 'nextPostal')).toBe(1);
    // The footer line's name is its first part, followed on the line by a street and a postal code.
    expect(feature('Blau Bau AG', 'variantPart')).toBe(1);
    expect(feature('Blau Bau AG', 'lastPageOnly')).toBe(1);
    // Address blocks: the letterhead's two lines, and the rest of the footer line.
    const addresses = prep.addresses.map((c) => c.text);
    expect(addresses).toEqual(
      expect.arrayContaining(['Hauptstraße 5\n10115 Berlin', 'Kirchweg 12\n50667 Köln']),
    );
    const inline = prep.addresses.find((c) => c.text === 'Kirchweg 12\n50667 Köln')!;
    expect(prep.addressOwn[prep.addresses.indexOf(inline)][ADDRESS_FEATURE_NAMES.indexOf('inline')]).toBe(1);
  });
});

describe('what is never a name', () => {
  it('is a run of form words (spaced-out letters read as one word), or words to the reader', () => {
    for (const text of [
      'I N V O I C E',
      'Document Number',
      'PAID',
      'CASH',
      'Pay Online',
      'Tax Invoice',
      'Rechnung Nr.',
      'Thank you for your business',
      'Your Energy Bill',
      'We will serve people with excellence',
      'Merci de votre confiance',
    ])
      expect(neverAName(text), text).toBe(true);
    for (const text of [
      'Duke Energy',
      'A B C Plumbing',
      'US Foods',
      'Cash & Carry Wholesale Sdn Bhd',
      'Payless Shoes',
    ])
      expect(neverAName(text), text).toBe(false);
  });

  it('offers none of it as a candidate, nor as the rules answer', () => {
    const stamped = page([
      ['PAID', 420, 30, 24],
      ['Thank you for your business', 40, 60],
      ['Nord Technik GmbH', 40, 90, 16],
      ['Hauptstraße 5', 40, 110],
      ['10115 Berlin', 40, 122],
    ]);
    const prep = prepareVendor(docLines([stamped]), { name: 'PAID', address: null });
    const texts = prep.names.map((c) => c.text);
    expect(texts).toContain('Nord Technik GmbH');
    expect(texts.filter((t) => neverAName(t))).toEqual([]);
  });
});

describe('the rules answer as a candidate', () => {
  it('joins the candidates where its text is not one of them, placed on the line that holds it', () => {
    const lines = docLines([nordTechnik]);
    const prep = prepareVendor(lines, { name: 'Nord Technik', address: 'Hauptstraße 5\n10115 Berlin' });
    const own = prep.names.filter((c) => c.text === 'Nord Technik');
    expect(own).toHaveLength(1);
    expect(lines[own[0].line].text).toBe('Nord Technik GmbH');
    const index = prep.names.indexOf(own[0]);
    expect(prep.nameFeatures[index][NAME_FEATURE_NAMES.indexOf('rulesSame')]).toBe(1);
    // The address is a candidate already: it is not added twice.
    expect(prep.addresses.filter((c) => c.text === 'Hauptstraße 5\n10115 Berlin')).toHaveLength(1);
  });
});

describe('the learned vendor picker', () => {
  const scorers = trained();

  it.each([
    [
      'in the letterhead, not the buyer under "Rechnungsempfänger"',
      'letterhead',
      'Prime Facility GmbH',
      'Gartenweg 7',
      '01067 Dresden',
    ],
    ['printed only in the footer line', 'footer', 'Orbit Energie GmbH', 'Seestraße 9', '24103 Kiel'],
  ] as const)('picks the seller %s, with its address', (_, place, seller, street, town) => {
    const lines = docLines([invoice({ seller, street, town, buyer: 'Verwaltung Stein GmbH', place })]);
    const picks = pickVendor(lines, scorers, NO_RULES);
    expect(picks.vendorName?.candidate.text).toBe(seller);
    expect(picks.vendorAddress?.candidate.text).toBe(`${street}\n${town}`);
  });

  it("scores the rules' name as a confidence: the seller high, the buyer low, a name not on the page not at all", () => {
    const lines = docLines([primeFacility]);
    const scoreOf = (name: string | null) => pickVendor(lines, scorers, { name, address: null }).rulesName;
    const seller = scoreOf('Prime Facility GmbH');
    const buyer = scoreOf('Verwaltung Stein GmbH');
    // The same number the picker gives the seller's candidate when it picks it.
    expect(seller).toBe(
      pickVendor(lines, scorers, { name: 'Prime Facility GmbH', address: null }).vendorName?.score,
    );
    expect(buyer).not.toBeNull();
    expect(seller!).toBeGreaterThan(buyer!);
    expect(scoreOf('Nowhere Printed AG')).toBeNull();
    expect(scoreOf(null)).toBeNull();
  });
});

describe('applyModel on the seller name', () => {
  const scorers = trained();
  const rulesRead = (name: string) => ({
    SummaryFields: [
      {
        Type: { Text: 'VENDOR_NAME', Confidence: 71.3 },
        ValueDetection: { Text: name, Confidence: 71.3 },
        PageNumber: 1,
      },
    ],
  });
  const nameField = (name: string, use: Array<'vendorName' | 'vendorAddress'>) =>
    applyModel(rulesRead(name), [primeFacility], {
      scorers,
      use: new Set(use),
      calibration: {},
    }).SummaryFields?.find((f) => f.Type?.Text === 'VENDOR_NAME');

  it("keeps the rules' name where the model does not answer it, with the name model's score as its confidence", () => {
    const lines = docLines([primeFacility]);
    for (const name of ['Prime Facility GmbH', 'Verwaltung Stein GmbH']) {
      const score = pickVendor(lines, scorers, { name, address: null }).rulesName!;
      const field = nameField(name, ['vendorAddress']);
      expect(field?.ValueDetection?.Text).toBe(name);
      expect(field?.ValueDetection?.Confidence).toBe(Math.round(score * 1000) / 10);
    }
    // The buyer's name, which the rules would wrongly keep, is now the less sure of the two.
    expect(nameField('Verwaltung Stein GmbH', [])!.ValueDetection!.Confidence!).toBeLessThan(
      nameField('Prime Facility GmbH', [])!.ValueDetection!.Confidence!,
    );
  });

  it("keeps the rules' own confidence for a name it cannot place on the page", () => {
    expect(nameField('Nowhere Printed AG', [])?.ValueDetection?.Confidence).toBe(71.3);
  });

  it('answers with the learned pick where the model answers the name', () => {
    expect(nameField('Verwaltung Stein GmbH', ['vendorName'])?.ValueDetection?.Text).toBe(
      'Prime Facility GmbH',
    );
  });
});
