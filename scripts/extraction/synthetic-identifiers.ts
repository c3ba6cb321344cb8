// The invoice number's placements and the other identifiers of the 'ids' variety (see synthetic.ts).
import type { Lang } from './synthetic-wording';

/** A title line that carries the number: "{title} {no} {number} {of} {date}", per language. */
const TITLE_LINES: Record<Lang, Array<[string, string, string]>> = {
  en: [
    ['Invoice', 'No.', 'dated'],
    ['Tax Invoice', '#', 'of'],
    ['Credit Note', 'No.', 'of'],
  ],
  de: [
    ['Rechnung', 'Nr.', 'vom'],
    ['Teilrechnung', 'Nr.', 'vom'],
    ['Schlussrechnung', 'Nr.', 'vom'],
    ['Gutschrift', 'Nr.', 'vom'],
    ['Mietrechnung', 'Nr.', 'vom'],
  ],
  fr: [
    ['Facture', 'n°', 'du'],
    ['Avoir', 'N°', 'du'],
  ],
  es: [['Factura', 'nº', 'del']],
  nl: [['Factuur', 'nr.', 'van']],
  it: [['Fattura', 'n.', 'del']],
};
/** More wordings of the invoice number's label than the plain set prints. */
const MORE_NUMBER_LABELS: Record<Lang, string[]> = {
  en: ['Invoice reference', 'Invoice ID', 'Receipt No.', 'Document No.', 'Bill No.'],
  de: ['Rechnungs-Nr.', 'Beleg-Nr.', 'Rechnungsnr.', 'Gutschrift-Nr.'],
  fr: ['Numéro de facture', 'Réf. facture', 'N° de pièce'],
  es: ['Nº de factura', 'Número', 'Factura nº'],
  nl: ['Factuurnummer', 'Factuur-nr.', 'Nummer'],
  it: ['Numero documento', 'N. documento', 'Fattura n.'],
};
/** Other parties' and things' numbers, each under its own label, some with a bare "No.". */
const OTHER_IDS: Record<Lang, string[]> = {
  en: ['VAT No.', 'Contract No.', 'Policy No.', 'Project No.', 'Customer ID', 'Vehicle No.', 'No.'],
  de: ['USt-IdNr.', 'Vertrag Nr.', 'Objekt-Nr.', 'Kundennummer', 'FG-Nr.', 'Steuernummer', 'Nr.'],
  fr: ['N° TVA', 'Contrat n°', 'N° client', 'SIRET', 'N°'],
  es: ['NIF', 'Contrato nº', 'Nº cliente', 'Nº'],
  nl: ['BTW-nr.', 'Contract nr.', 'KvK', 'Klantnr.', 'Nr.'],
  it: ['P.IVA', 'Contratto n.', 'Codice cliente', 'N.'],
};
const VAT_PREFIX: Record<Lang, string> = { en: 'GB', de: 'DE', fr: 'FR', es: 'ES', nl: 'NL', it: 'IT' };

/** A GS1 number (GLN/GTIN) of `length` digits with its check digit. */
function gs1(random: () => number, length: number): string {
  const body = Array.from({ length: length - 1 }, (_, k) => (k === 0 ? 4 : Math.floor(random() * 10)));
  const sum = body.reduceRight((t, d, k) => t + d * ((body.length - 1 - k) % 2 === 0 ? 3 : 1), 0);
  return `${body.join('')}${(10 - (sum % 10)) % 10}`;
}

/**
 * How an identifier-variety invoice prints its number (in the facts block, in a title line with
 * its date, or beside other text on a line; sometimes glued to its label the way OCR reads it)
 * and which other identifiers stand around it: VAT IDs, GLNs, contract, vehicle and customer
 * numbers (some under a bare "No."), a file name, a URN with a version, article codes in the table.
 */
export function identifierVariety(random: () => number, lang: Lang, number: string, date: string) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
  const place = random();
  const numberPlace: 'facts' | 'title' | 'inline' = place < 0.35 ? 'facts' : place < 0.8 ? 'title' : 'inline';
  let titleLine: string | null = null;
  if (numberPlace === 'title') {
    // The title alone before the number, or with a number word and the date; sometimes glued the way OCR reads it.
    // The title, sometimes with a document-type code ("Rechnung (380)"), then a number word and the date.
    const [word, no, of] = pick(TITLE_LINES[lang]);
    const title = random() < 0.25 ? `${word} (${digits(3)})` : word;
    const glue = random() < 0.3 ? '' : ' ';
    titleLine = random() < 0.25 ? `${word} ${number}` : `${title} ${no}${glue}${number} ${of} ${date}`;
  }
  const others = Array.from({ length: 2 + Math.floor(random() * 3) }, () => {
    const kind = pick(['vat', 'vat', 'gln', 'other', 'other', 'file', 'urn'] as const);
    if (kind === 'vat')
      return `${pick(OTHER_IDS[lang].slice(0, 1))} ${VAT_PREFIX[lang]}${digits(lang === 'fr' || lang === 'it' ? 11 : 9)}`;
    if (kind === 'gln') return `${pick(['GLN', 'GTIN', 'EAN', 'ILN'])} ${gs1(random, pick([13, 13, 14]))}`;
    if (kind === 'other')
      return `${pick(OTHER_IDS[lang].slice(1))} ${pick([digits(6), `${digits(2)}.${digits(3)}.${digits(3)}`, `WBA${digits(2)}FZ${digits(6)}`, `K-${digits(5)}`])}`;
    if (kind === 'file') return `XML: invoice_${digits(4)}_${pick(['basic', 'extended', 'xrechnung'])}.xml`;
    return `urn:${pick(['cen.eu', 'peppol.eu', 'example.org'])}:${pick(['en16931', 'poacc', 'billing'])}:${2014 + Math.floor(random() * 10)}#${pick(['compliant', 'conformant'])}:${pick(['1p0', '2p1', 'v1.2', 'v3'])}`;
  });
  const codes =
    random() < 0.5
      ? Array.from(
          { length: 3 },
          () => `${pick(['TB', 'AB', 'XK', 'ART'])}${digits(3)}${pick(['A4', 'X', 'B', ''])}`,
        )
      : null;
  const numberLabel = random() < 0.3 ? pick(MORE_NUMBER_LABELS[lang]) : null;
  return { numberPlace, titleLine, others, codes, numberLabel };
}
