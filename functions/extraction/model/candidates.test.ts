import { describe, expect, it } from 'vitest';
import { idLabelAtEnd } from '../fields/lexicon';
import { boxOfSpan, docLines, keyedValue } from '../fields/lines';
import { identifierFormat, isGs1 } from '../fields/values';
import { groupIntoLines, type LayoutPage, type LayoutWord } from '../text-layout';
import { columnSums, printedRates, taxTriples } from './arithmetic';
import { applyIsotonic, fitIsotonic } from './calibration';
import { type Candidate, findCandidates } from './candidates';
import { decode, LEARNED_FIELDS, type LearnedField } from './decode';
import { FEATURE_NAMES, featuresOf } from './features';
import { scoreLinear, trainLinear } from './linear';

/** A page of words placed on a 600×800 grid: each entry is [text, x, y]; words are 6 units a character. */
function page(words: Array<[string, number, number]>): LayoutPage {
  const layout: LayoutWord[] = words.map(([text, x, y]) => ({
    text,
    x0: x,
    x1: x + text.length * 6,
    y0: y,
    y1: y + 10,
    confidence: 99,
  }));
  return { page: 1, width: 600, height: 800, lines: groupIntoLines(1, layout), source: 'pdf-text' };
}

const invoicePage = page([
  ['ACME', 40, 40],
  ['GmbH', 75, 40],
  ['Rechnung', 40, 100],
  ['Nr.', 95, 100],
  ['R-2041', 300, 100],
  ['Datum', 40, 115],
  ['05.03.2024', 300, 115],
  ['Fällig', 40, 130],
  ['am', 80, 130],
  ['04.04.2024', 300, 130],
  ['Betrag', 450, 200],
  ['100,00', 450, 215],
  ['Netto', 300, 300],
  ['100,00', 450, 300],
  ['MwSt.', 300, 315],
  ['19%', 340, 315],
  ['19,00', 450, 315],
  ['Gesamtbetrag', 300, 330],
  ['119,00', 450, 330],
]);

const value = (cs: Candidate[], kind: Candidate['kind']) =>
  cs.filter((c) => c.kind === kind).map((c) => c.value);

describe('candidates', () => {
  it('finds every amount, date and identifier with its place on the line', () => {
    const lines = docLines([invoicePage]);
    const cs = findCandidates(lines, 'DMY');
    expect(value(cs, 'date')).toEqual(['2024-03-05', '2024-04-04']);
    expect(value(cs, 'amount')).toEqual([100, 100, 19, 119]);
    expect(value(cs, 'id')).toContain('R-2041');
    const total = cs.find((c) => c.value === 119)!;
    // The box of "119,00" is the word's own, not the line's.
    expect(total.x0).toBeCloseTo(450);
    expect(total.x1).toBeCloseTo(450 + 6 * 6);
  });
});

describe('joined digit groups', () => {
  it('also reads a lone digit group before a three-digit figure as its thousands ("1   671,95")', () => {
    const lines = docLines([
      page([
        ['Gesamtbetrag', 40, 100],
        ['1', 400, 100],
        ['671,95', 430, 100],
      ]),
    ]);
    const amounts = findCandidates(lines, 'DMY').filter((c) => c.kind === 'amount');
    expect(amounts.map((c) => [c.value, Boolean(c.joined)])).toEqual([
      [1, false],
      [671.95, false],
      [1671.95, true],
    ]);
    expect(amounts[2].x0).toBeCloseTo(400);
  });

  it('joins nothing after a figure with decimals, nor a figure that is not three digits', () => {
    const lines = docLines([
      page([
        ['12,50', 300, 100],
        ['300,00', 400, 100],
        ['2', 40, 120],
        ['45,00', 400, 120],
      ]),
    ]);
    expect(findCandidates(lines, 'DMY').some((c) => c.joined)).toBe(false);
  });
});

describe('features', () => {
  const lines = docLines([invoicePage]);
  const cs = findCandidates(lines, 'DMY');
  const fs = featuresOf(lines, cs);
  const f = (c: Candidate, name: string) => fs[cs.indexOf(c)][FEATURE_NAMES.indexOf(name)];

  it('gives one value per feature name', () => {
    expect(fs.every((row) => row.length === FEATURE_NAMES.length)).toBe(true);
  });

  it('sees a label left of the value on its line, and a column header above it', () => {
    const total = cs.find((c) => c.value === 119)!;
    expect(f(total, 'leftNear:total')).toBe(1);
    expect(f(total, 'leftNear:subtotal')).toBe(0);
    const lineAmount = cs.find(
      (c) => c.value === 100 && c.line === lines.findIndex((l) => l.text === '100,00'),
    )!;
    expect(f(lineAmount, 'above:total')).toBe(0);
    expect(f(lineAmount, 'aboveDist:total')).toBe(0);
    const due = cs.find((c) => c.value === '2024-04-04')!;
    expect(f(due, 'leftFar:dueDate')).toBe(1);
  });

  it('reads a document title right before a number as its number label ("Facture FA-2017-0010")', () => {
    const titled = docLines([
      page([
        ['Facture', 40, 40],
        ['FA-2017-0010', 120, 40],
        ['Facture', 40, 70],
        ['à', 88, 70],
        ['régler', 100, 70],
        ['FA-2017-0011', 160, 70],
      ]),
    ]);
    const ids = findCandidates(titled, 'DMY').filter((c) => c.kind === 'id');
    const features = featuresOf(titled, ids);
    const label = (value: string) =>
      features[ids.findIndex((c) => c.value === value)][FEATURE_NAMES.indexOf('leftNear:invoiceNumber')];
    expect(label('FA-2017-0010')).toBe(1);
    // The title word inside a sentence is no label.
    expect(label('FA-2017-0011')).toBe(0);
  });

  it('reads "N°" before a number as its number label, also with a space between them', () => {
    const numbered = docLines([
      page([
        ['N°', 40, 40],
        ['4711', 70, 40],
        ['Facture', 40, 70],
        ['N°', 90, 70],
        ['FA-12', 120, 70],
      ]),
    ]);
    const ids = findCandidates(numbered, 'DMY').filter((c) => c.kind === 'id');
    const features = featuresOf(numbered, ids);
    const label = (value: string) =>
      features[ids.findIndex((c) => c.value === value)][FEATURE_NAMES.indexOf('leftNear:invoiceNumber')];
    expect(label('4711')).toBe(1);
    expect(label('FA-12')).toBe(1);
  });

  it('ranks amounts and sees which add up', () => {
    const total = cs.find((c) => c.value === 119)!;
    const tax = cs.find((c) => c.value === 19)!;
    expect(f(total, 'isMax')).toBe(1);
    expect(f(total, 'sumOfTwo')).toBe(1);
    expect(f(tax, 'addsToMax')).toBe(1);
    expect(f(tax, 'percentAfter')).toBe(0);
  });

  it('sees the roles of a net, its tax at the printed rate and their sum, and the column sums', () => {
    const total = cs.find((c) => c.value === 119)!;
    const tax = cs.find((c) => c.value === 19)!;
    const net = cs.find((c) => c.value === 100 && lines[c.line].text.startsWith('Netto'))!;
    expect([f(total, 'taxTripleTotal'), f(total, 'taxTripleNet'), f(total, 'taxTripleTax')]).toEqual([
      1, 0, 0,
    ]);
    expect([f(net, 'taxTripleTotal'), f(net, 'taxTripleNet'), f(net, 'taxTripleTax')]).toEqual([0, 1, 0]);
    expect([f(tax, 'taxTripleTotal'), f(tax, 'taxTripleNet'), f(tax, 'taxTripleTax')]).toEqual([0, 0, 1]);
    // 119,00 sits under 100,00 and 19,00 in the same column; the net under the lone item amount only.
    expect(f(total, 'columnSum')).toBe(1);
    expect(f(net, 'columnSum')).toBe(0);
  });

  it("marks the amounts the hand rules answered, only when given the rules' answer", () => {
    const withRules = featuresOf(lines, cs, { total: 119, subtotal: 100, tax: null });
    const g = (c: Candidate, name: string) => withRules[cs.indexOf(c)][FEATURE_NAMES.indexOf(name)];
    const total = cs.find((c) => c.value === 119)!;
    const hundreds = cs.filter((c) => c.value === 100);
    expect(g(total, 'rulesTotal')).toBe(1);
    expect(g(total, 'rulesSubtotal')).toBe(0);
    expect(hundreds.map((c) => g(c, 'rulesSubtotal'))).toEqual([1, 1]);
    expect(cs.filter((c) => c.kind === 'amount').map((c) => g(c, 'rulesTax'))).toEqual([0, 0, 0, 0]);
    expect(f(total, 'rulesTotal')).toBe(0);
  });
});

describe('decode', () => {
  const lines = docLines([invoicePage]);
  const cs = findCandidates(lines, 'DMY');
  const scores = (pick: Partial<Record<LearnedField, Array<[unknown, number]>>>) =>
    Object.fromEntries(
      (Object.keys(LEARNED_FIELDS) as LearnedField[]).map((field) => [
        field,
        cs.map((c) =>
          c.kind !== LEARNED_FIELDS[field]
            ? Number.NaN
            : (pick[field]?.find(([v]) => v === c.value)?.[1] ?? 0.01),
        ),
      ]),
    ) as Record<LearnedField, number[]>;

  it('prefers amounts that add up: subtotal + tax = total', () => {
    const picks = decode(
      cs,
      scores({
        // On its own the model slightly prefers 100 as the total; only 119 agrees with 100 + 19.
        totalAmount: [
          [100, 0.5],
          [119, 0.45],
        ],
        subtotal: [[100, 0.6]],
        taxAmount: [[19, 0.6]],
      }),
    );
    expect(picks.totalAmount?.candidate.value).toBe(119);
    expect(picks.subtotal?.candidate.value).toBe(100);
    expect(picks.taxAmount?.candidate.value).toBe(19);
  });

  it('lets a consistent combination overrule a lone higher-scoring total', () => {
    const picks = decode(
      cs,
      scores({
        totalAmount: [
          [100, 0.8],
          [119, 0.6],
        ],
        subtotal: [[100, 0.85]],
        taxAmount: [[19, 0.85]],
      }),
    );
    expect(picks.totalAmount?.candidate.value).toBe(119);
  });

  it('gives a total less confidence when a rival scores close to it, more when the arithmetic supports it', () => {
    const alone = decode(cs, scores({ totalAmount: [[119, 0.8]] })).totalAmount!;
    const rivalled = decode(
      cs,
      scores({
        totalAmount: [
          [119, 0.8],
          [19, 0.7],
        ],
      }),
    ).totalAmount!;
    const supported = decode(
      cs,
      scores({ totalAmount: [[119, 0.8]], subtotal: [[100, 0.8]], taxAmount: [[19, 0.8]] }),
    ).totalAmount!;
    expect(rivalled.candidate.value).toBe(119);
    expect(rivalled.score).toBeLessThan(alone.score);
    expect(supported.score).toBeGreaterThan(alone.score);
  });

  it('never picks a due date before the invoice date, and leaves out an unlikely optional field', () => {
    const picks = decode(
      cs,
      scores({
        invoiceDate: [['2024-04-04', 0.7]],
        dueDate: [['2024-03-05', 0.9]],
        totalAmount: [[119, 0.9]],
      }),
    );
    expect(picks.invoiceDate?.candidate.value).toBe('2024-04-04');
    expect(picks.dueDate).toBeNull();
    expect(picks.subtotal).toBeNull();
  });
});

const right = (text: string, y: number): [string, number, number] => [text, 500 - text.length * 6, y];

describe('tax triples', () => {
  it('finds a net, a tax at a usual rate of it, and their sum among the printed amounts', () => {
    const t = taxTriples([3, 100, 19, 119, 7.5], []);
    expect([...t.total]).toEqual([11900]);
    expect([...t.net]).toEqual([10000]);
    expect([...t.tax]).toEqual([1900]);
  });

  it('uses a rate printed on the page, and allows a cent of rounding in the sum', () => {
    // 8.875 % is no usual rate: only the printed one makes 80.00 + 7.10 a triple.
    expect(taxTriples([80, 7.1, 87.1], []).total.size).toBe(0);
    expect([...taxTriples([80, 7.1, 87.1], [0.08875]).total]).toEqual([8710]);
    expect([...taxTriples([33.33, 6.33, 39.67], []).total]).toEqual([3967]);
  });

  it('passes over figures too large to be amounts (an account number read as one)', () => {
    expect(taxTriples([1.2e17, 100, 19, 119], []).total.size).toBe(1);
  });

  it('reads printed rates as fractions, leaving out what cannot be a tax rate', () => {
    const lines = docLines([
      page([
        ['MwSt.', 40, 40],
        ['19%', 90, 40],
        ['Rabatt', 40, 60],
        ['7,7 %', 90, 60],
        ['95%', 40, 80],
      ]),
    ]);
    expect(printedRates(lines).sort()).toEqual([0.077, 0.19]);
  });
});

describe('column sums', () => {
  it('sees a figure that is the sum of the figures stacked above it in its column', () => {
    const lines = docLines([
      page([
        ['Betrag', 460, 100],
        ['Wartung', 40, 120],
        right('120,00', 120),
        ['Material,', 40, 135],
        ['wie', 40, 150],
        ['vereinbart', 70, 150],
        right('80,50', 150),
        ['Netto', 300, 180],
        right('200,50', 180),
        ['MwSt.', 300, 195],
        right('38,10', 195),
        ['Gesamt', 300, 210],
        right('238,60', 210),
        ['Seite', 40, 240],
        ['1', 80, 240],
      ]),
    ]);
    const cs = findCandidates(lines, 'DMY');
    const sums = [...columnSums(lines, cs)].map((c) => c.value);
    // The net adds up the items (over a wrapped description); the total adds up net and tax.
    expect(sums).toEqual([200.5, 238.6]);
  });
});

describe('isotonic calibration', () => {
  it('maps raw confidences to the observed share right, monotonically', () => {
    const points = [
      ...Array.from({ length: 20 }, (_, i) => ({ raw: 0.2, correct: i < 5 })),
      ...Array.from({ length: 20 }, (_, i) => ({ raw: 0.9, correct: i < 19 })),
    ];
    const map = fitIsotonic(points);
    expect(applyIsotonic(map, 0.2)).toBeCloseTo(6 / 22, 3);
    expect(applyIsotonic(map, 0.9)).toBeCloseTo(20 / 22, 3);
    expect(applyIsotonic(map, 0.5)).toBeGreaterThan(applyIsotonic(map, 0.2));
    expect(applyIsotonic(map, 0.5)).toBeLessThan(applyIsotonic(map, 0.9));
  });

  it('stays monotone when shrinking puts a small perfect block under a large one below it', () => {
    // 120 of 122 right up to 0.85 (shrunk to 121/124 ≈ 0.976), then 15 of 15 above (≈ 0.941).
    const points = [
      ...Array.from({ length: 120 }, (_, i) => ({ raw: 0.7 + i * 0.001, correct: true })),
      { raw: 0.85, correct: false },
      { raw: 0.851, correct: false },
      ...Array.from({ length: 15 }, (_, i) => ({ raw: 0.95 + i * 0.001, correct: true })),
    ];
    const map = fitIsotonic(points);
    expect(applyIsotonic(map, 0.78)).toBeCloseTo(121 / 124, 3);
    expect(applyIsotonic(map, 0.96)).toBeGreaterThanOrEqual(applyIsotonic(map, 0.78));
  });

  it('gives a raw confidence under any the fit saw less than the lowest block, falling to 0 at 0', () => {
    const points = Array.from({ length: 30 }, (_, i) => ({ raw: 0.6 + i * 0.01, correct: true }));
    const map = fitIsotonic(points);
    const lowest = applyIsotonic(map, 0.6);
    expect(lowest).toBeGreaterThan(0.9);
    expect(applyIsotonic(map, 0.3)).toBeCloseTo(lowest / 2, 3);
    expect(applyIsotonic(map, 0)).toBe(0);
  });
});

describe('document lines', () => {
  it("numbers lines across pages and finds the words behind a span of a line's text", () => {
    const second = page([
      ['Seite', 40, 40],
      ['2', 80, 40],
    ]);
    const lines = docLines([invoicePage, second]);
    expect(lines.map((l) => l.index)).toEqual(lines.map((_, i) => i));
    expect(lines.at(-1)).toMatchObject({ text: 'Seite 2', pageIndex: 1, pageCount: 2 });
    const row = lines.find((l) => l.text.includes('R-2041'));
    const at = row?.text.indexOf('R-2041') ?? -1;
    expect(row && boxOfSpan(row, at, at + 'R-2041'.length)).toMatchObject({ x0: 300, x1: 336 });
    // The gap between the label and its value belongs to no word.
    expect(row?.charWord[at - 1]).toBe(-1);
    expect(row?.charWord[at]).toBe(row?.words.findIndex((w) => w.text === 'R-2041'));
  });

  it('tells the key a segment is the value of, on the segment or before it, and no key of a time or a link', () => {
    const [keyed, apart, time, link] = docLines([
      page([
        ['Anschrift:', 40, 40],
        ['Hafenstraße', 80, 40],
        ['20', 150, 40],
        ['Telefon:', 40, 60],
        ['5578', 300, 60],
        ['08:30', 40, 80],
        ['Uhr', 80, 80],
        ['https://example.com', 40, 100],
      ]),
    ]);
    expect(keyedValue(keyed, 0)).toEqual({ key: 'Anschrift', value: 'Hafenstraße 20' });
    expect(keyedValue(apart, 1)).toEqual({ key: 'Telefon', value: '5578' });
    expect(keyedValue(apart, 0).key).toBeNull();
    expect(keyedValue(time, 0)).toEqual({ key: null, value: '08:30 Uhr' });
    expect(keyedValue(link, 0).key).toBeNull();
  });
});

describe('identifiers', () => {
  /** The identifier candidates of a page and their feature vectors (computed among all candidates). */
  const idsOf = (p: LayoutPage) => {
    const lines = docLines([p]);
    const cs = findCandidates(lines, 'DMY');
    const features = featuresOf(lines, cs);
    const at = cs.flatMap((c, i) => (c.kind === 'id' ? [i] : []));
    return { ids: at.map((i) => cs[i]), features: at.map((i) => features[i]) };
  };
  /** The format of the first occurrence of `value` in `text`. */
  const format = (text: string, value: string) =>
    identifierFormat(text, text.indexOf(value), text.indexOf(value) + value.length);

  it("knows the formats of numbers that are not the document's own", () => {
    expect(format('USt-IdNr.: DE123456789', 'DE123456789')).toBe('vatId');
    expect(format('N° TVA FR 12345678901', '12345678901')).toBe('vatId');
    expect(format('IBAN DE08 7009 0100 1234 5678 90', '7009')).toBe('iban');
    expect(format('BIC DEUTDEDB110', 'DEUTDEDB110')).toBe('bic');
    expect(isGs1('4012345000009')).toBe(true);
    expect(isGs1('4012345000008')).toBe(false);
    expect(format('GLN 4012345000009', '4012345000009')).toBe('gs1');
    expect(format('Telefon: +49 711-50885524', '50885524')).toBe('phone');
    expect(format('80333 München', '80333')).toBe('postcode');
    expect(format('Datum 20180613', '20180613')).toBe('compactDate');
    expect(format('XML-Datei: rechnung_0042.xml', 'rechnung_0042.xml')).toBe('fileName');
    expect(format('urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic', '1p0')).toBe('version');
    expect(format('www.example.com/r/2024-17', '2024-17')).toBe('uri');
  });

  it('leaves invoice-number shapes without a format', () => {
    expect(format('Invoice No. INV-2024-0042', 'INV-2024-0042')).toBeNull();
    expect(format('Rechnung Nr. 471102 vom 05.03.2018', '471102')).toBeNull();
    expect(format('Facture FA-2017-0010', 'FA-2017-0010')).toBeNull();
    // An 8-digit number is no date when its month is not one.
    expect(format('Nr. 47110819', '47110819')).toBeNull();
  });

  it('reads whose number the label touching a value names, in several languages and without spaces', () => {
    expect(idLabelAtEnd('Invoice No. ')).toBe('invoice');
    expect(idLabelAtEnd('Rechnungsnummer:  ')).toBe('invoice');
    expect(idLabelAtEnd('Handelsrechnung(380) Nr.')).toBe('invoice');
    expect(idLabelAtEnd('Numéro de facture : ')).toBe('invoice');
    expect(idLabelAtEnd('Número de factura ')).toBe('invoice');
    expect(idLabelAtEnd('Factuurnr.')).toBe('invoice');
    expect(idLabelAtEnd('Fattura n. ')).toBe('invoice');
    expect(idLabelAtEnd('Invoice reference: ')).toBe('invoice');
    expect(idLabelAtEnd('Order reference: ')).toBe('other');
    expect(idLabelAtEnd('Facture ')).toBe('title');
    expect(idLabelAtEnd('Customer No.: ')).toBe('other');
    expect(idLabelAtEnd('USt-IdNr. ')).toBe('other');
    expect(idLabelAtEnd('Vertragsnummer ')).toBe('other');
    expect(idLabelAtEnd('Nº cliente ')).toBe('other');
    expect(idLabelAtEnd('Vergabenr.')).toBe('other');
    expect(idLabelAtEnd('Rechnung des Versicherers (575) Nr. ')).toBe('number');
    expect(idLabelAtEnd('Munich  ')).toBeNull();
  });

  it('takes a number word and a date word that OCR glued to a value off it, and joins a split code', () => {
    const { ids } = idsOf(
      page([
        ['Teilrechnung', 40, 40],
        ['Bau(875)', 120, 40],
        ['Nr.210112vom', 175, 40],
        ['06.06.2025', 255, 40],
        ['IBZY', 40, 70],
        ['2087', 70, 70],
      ]),
    );
    expect(ids.find((c) => c.value === '210112')).toMatchObject({ reading: 'unglued' });
    expect(ids.find((c) => c.value === 'IBZY2087')).toMatchObject({ reading: 'joined' });
    // The token as printed stays a candidate too: the model learns which reading to trust.
    expect(ids.map((c) => c.value)).toContain('Nr.210112vom');
  });

  /** A small invoice page: a VAT ID, a customer number, a title line with the number, an item row. */
  const idPage = (title: string, number: string, vat: string, customer: string, date: string) =>
    page([
      ['ACME', 40, 40],
      ...vat.split(' ').map((w, k): [string, number, number] => [w, 40 + k * 70, 55]),
      ...customer.split(' ').map((w, k): [string, number, number] => [w, 40 + k * 70, 70]),
      ...`${title} ${number} ${date}`
        .split(' ')
        .map((w, k): [string, number, number] => [w, 40 + k * 70, 100]),
      ['AB100X4', 40, 200],
      ['Widget', 100, 200],
      ['2', 300, 200],
      ['9,90', 380, 200],
      ['19,80', 450, 200],
    ]);

  it('gives the model what tells the invoice number from the other numbers of a page', () => {
    const { ids, features } = idsOf(
      idPage('Rechnung Nr.', '4711', 'USt-IdNr. DE123456789', 'Kundennr. 556677', 'vom 05.03.2024'),
    );
    const f = (value: string, name: string) =>
      features[ids.findIndex((c) => c.value === value)][FEATURE_NAMES.indexOf(name)];
    expect(f('4711', 'idLabel:invoice')).toBe(1);
    expect(f('4711', 'dateAfter')).toBe(1);
    expect(f('DE123456789', 'idLabel:other')).toBe(1);
    expect(f('DE123456789', 'format:vatId')).toBe(1);
    expect(f('556677', 'idLabel:other')).toBe(1);
    expect(f('AB100X4', 'amountsInLine')).toBeGreaterThan(0);
    expect(f('4711', 'amountsInLine')).toBe(0);
  });

  it('learns from a few pages to pick the labelled number over VAT IDs, customer numbers and article codes', () => {
    const train = [
      idPage('Rechnung Nr.', '4711', 'USt-IdNr. DE123456789', 'Kundennr. 556677', 'vom 05.03.2024'),
      idPage('Invoice No.', 'INV-2024-7', 'VAT No. GB987654321', 'Customer No. 12345', 'dated 2024-03-05'),
      idPage('Factuur nr.', '2024017', 'BTW-nr. NL123456789B01', 'Klantnr. 99881', 'van 05-03-2024'),
      idPage('Fattura n.', '88/2024', 'P.IVA IT12345678901', 'Codice cliente 30303', 'del 05/03/2024'),
    ];
    const X: number[][] = [];
    const y: number[] = [];
    const numbers = ['4711', 'INV-2024-7', '2024017', '88/2024'];
    train.forEach((p, k) => {
      const { ids, features } = idsOf(p);
      X.push(...features);
      y.push(...ids.map((c) => (c.value === numbers[k] ? 1 : 0)));
    });
    const scorer = trainLinear(X, y);
    // A language and numbers it never saw.
    const { ids, features } = idsOf(
      idPage('Facture n°', '562044', 'N° TVA FR12345678901', 'N° client 334455', 'du 02/07/2015'),
    );
    const scores = features.map((x) => scoreLinear(scorer, x));
    expect(ids[scores.indexOf(Math.max(...scores))].value).toBe('562044');
  });
});
