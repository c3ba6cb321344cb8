import { letterBounded } from './words';

/**
 * Label words by field, in English, German, French, Spanish, Dutch and Italian (and the Malay
 * words common on receipts). They are general vocabulary, never a phrase of one document; the
 * model learns how much each matters and where (left of the value, above it, elsewhere).
 */
export const LABEL_CLASSES = {
  total: letterBounded(
    /\b(total|grand\s*total|amount\s*due|balance\s*due|total\s*due|amount\s*payable|total\s*payable|to\s*pay|net\s*payable|gesamt\w*|rechnungsbetrag|endbetrag|zahlbetrag|zu\s*zahlen|bruttobetrag|brutto|montant\s*(total|d[ûu]|ttc)|somme|\w*summe\w*|suma|net\s*[àa]\s*payer|ttc|totaal|te\s*betalen|importe\s*total|total\s*a\s*pagar|totale|importo|da\s*pagare|jumlah)\b/i,
  ),
  subtotal: letterBounded(
    /\b(sub\s*-?\s*total|net\s*(amount|total)|total\s*(net|excl\w*|before\s*tax|ht|hors\s*taxes?)|nettobetrag|netto\w*|summe\s*netto|zwischensumme|warenwert|sous[\s-]*total|montant\s*ht|total\s*ht|\bht\b|subtotaal|excl\w*\s*(btw|vat|tax)|base\s*imponible|subtotale|imponibile)\b/i,
  ),
  tax: letterBounded(
    /\b(tax(?:es)?|taxe|vat|gst|sst|mwst|ust|umsatzsteuer|mehrwertsteuer|tva|btw|iva|imposta|sales\s*tax|service\s*tax|steuer)\b/i,
  ),
  taxRate: /\d{1,2}(?:[.,]\d{1,2})?\s*%/,
  /** A sum before tax ("Rechnungssumme ohne USt.", "Total excl. VAT", "Montant HT", "Netto"). */
  net: letterBounded(
    /\b((ohne|exkl\w*|excl\w*|excluding|without|before|vor|hors|sans|sin|zonder|senza)\s*\.?\s*(ust|mwst|vat|tax\w*|tva|iva|btw|steuer\w*|gst|taxes?)|net|nett|netto\w*|ht|neto|imponibile|base\s*imponible|warenwert)\b/i,
  ),
  /** A sum with tax ("inkl. USt.", "Total TTC", "Bruttobetrag", "Gross", "IVA incluida"). */
  gross: letterBounded(
    /\b((inkl\w*|incl\w*|including|inclusive|mit|avec|con|met)\s*\.?\s*(ust|mwst|vat|tax\w*|tva|iva|btw|steuer\w*|gst)|(ust|mwst|vat|tva|iva|btw|gst)\s*(incl\w*|inbegrepen|comprise?)|brutto\w*|gross|ttc|tvac|lordo|ivato)\b/i,
  ),
  /** What is to be paid ("Zahlbetrag", "Amount due", "Net à payer", "Te betalen", "Totale da pagare"). */
  payable: letterBounded(
    /\b(zahlbetrag|zu\s*zahlen(?:der\s*betrag)?|zahlbar|offene[rn]?\s*betrag|restbetrag|amount\s*(due|payable|to\s*pay)|balance\s*(due|to\s*pay)?|total\s*(due|payable)|payable|to\s*pay|please\s*pay|[àa]\s*payer|solde|te\s*betalen|openstaand|a\s*pagar|por\s*pagar|da\s*pagare|saldo)\b/i,
  ),
  /** A running sum carried to or from another page ("Übertrag", "Carried forward", "À reporter"). */
  carried: letterBounded(
    /\b([üu]bertrag|uebertrag|carried\s*(forward|over)|brought\s*forward|c\/f|b\/f|[àa]\s*reporter|report|transporte|suma\s*y\s*sigue|riporto|transport)\b/i,
  ),
  invoiceDate: letterBounded(
    /\b(invoice\s*date|date\s*of\s*(issue|invoice)|issue\s*date|issued|date|datum|rechnungsdatum|ausstellungsdatum|belegdatum|date\s*de\s*(la\s*)?facture|date\s*d['’]?[ée]mission|factuurdatum|fecha(\s*de\s*(la\s*)?factura)?|data(\s*fattura)?|tarikh)\b/i,
  ),
  dueDate: letterBounded(
    /\b(due|due\s*date|payment\s*due|pay\s*by|f[äa]llig\w*|zahlbar\s*bis|zahlungsziel|[ée]ch[ée]ance|date\s*limite|vervaldatum|te\s*betalen\s*voor|vencimiento|scadenza)\b/i,
  ),
  invoiceNumber: letterBounded(
    /\b(invoice\s*(no|nr|number|num|#)|inv\s*(no|#)|rechnungs?\s*-?\s*(nr|nummer|no)|rechnung\s*nr|belegnummer|facture\s*(no|num[ée]ro)|num[ée]ro\s*de\s*facture|factuur\s*(nr|nummer)|factuurnummer|n[úu]mero\s*de\s*factura|factura\s*n|numero\s*fattura|fattura\s*n|receipt\s*(no|#|number)|bill\s*(no|#|number)|doc(ument)?\s*(no|#|number)|no\.?|nr\.?)\b|\bn[°º]|#|^\s*(?:tax\s*)?(?:invoice|facture|rechnung|factuur|factura|fattura|credit\s*note|avoir|gutschrift)\s*[:#]?\s*$/i,
  ),
  otherDate: letterBounded(
    /\b(order\s*date|delivery\s*date|ship\w*\s*date|period|service\s*period|leistungs\w*|liefer\w*|zeitraum|p[ée]riode|livraison|leverdatum|periode|entrega|consegna|from|to|bis|von|du|au|time)\b/i,
  ),
  otherNumber: letterBounded(
    /\b(customer|client|kunde\w*|order|bestell\w*|commande|bestelling|pedido|ordine|account|konto|compte|vat\s*(id|no|reg)|ust-?id\w*|tax\s*id|siret|siren|kvk|iban|bic|swift|tel\w*|phone|fax|mobile|gst\s*(id|reg|no)|reg\w*\s*no|page|seite|qty|quantity|menge|quantit[ée]|aantal|cantidad|quantit[àa]|unit|price|preis|prix|prijs|precio|prezzo|rate|discount|rabatt|remise|korting|paid|bezahlt|pay[ée]|cash|tunai|change|baki|tendered|rounding|round\w*|points?|postcode|zip|plz)\b/i,
  ),
} as const;

export type LabelClass = keyof typeof LABEL_CLASSES;
export const LABEL_CLASS_NAMES = Object.keys(LABEL_CLASSES) as LabelClass[];

/**
 * The label right before an identifier says whose number it is. Each expression is anchored at
 * the end of the text before the value (after any separators), so it reads the label phrase that
 * touches the value: "Invoice No.", "Rechnungsnummer", "N° de facture", "Handelsrechnung (380)
 * Nr." name the document's own number; "Customer No.", "USt-IdNr.", "Vertragsnummer", "IBAN"
 * name another; a bare "No." / "Nr." / "#" names neither. Words may be glued to each other and
 * to the value (OCR drops the spaces: "Rechnungsnr.", "Nr.210112").
 */
const NUMBER_WORD = '(?:no|nr|n[°º]|n|num|number|nummer|numéro|numero|número|#|id)';
/** "Invoice reference", "Référence facture": a reference word after a title word names the document's number. */
const REFERENCE_WORD = '(?:ref|reference|referenz|r[ée]f[ée]rence|referencia|riferimento)\\.?';
/** A document's title word, also inside German compounds (Teilrechnung, Handelsrechnung). */
export const DOC_TITLE =
  /(?:^|[^\p{L}])(invoice|inv|bill|receipt|\p{L}*rechnung|rechnungs|beleg|quittung|gutschrift|facture|avoir|factuur|creditnota|factura|fattura|ricevuta|nota\s*(?:de\s*)?cr[ée]dito|credit\s*note|document|doc)(?=$|[^\p{L}])/iu;
const TITLE_SOURCE = DOC_TITLE.source.replace('(?:^|[^\\p{L}])', '').replace('(?=$|[^\\p{L}])', '');
export const ID_LABEL_ENDS = {
  /** The document's own number: a title word and a number word (or "reference"), in either order. */
  invoice: new RegExp(
    `(?:^|[^\\p{L}])(?:(?:${TITLE_SOURCE})\\s*[-.]?\\s*(?:\\(\\s*[\\p{L}\\p{N}]{1,6}\\s*\\)\\s*)?(?:${NUMBER_WORD}|${REFERENCE_WORD})|${NUMBER_WORD}\\s*[.:]?\\s*(?:de\\s*(?:la\\s*)?|of\\s*|del\\s*(?:la\\s*)?)?(?:${TITLE_SOURCE}))\\W*$`,
    'iu',
  ),
  /** The document's title alone at the start of the line ("Facture FA-2017-0010", "Rechnung 2024-17"). */
  title: new RegExp(`^\\s*(?:tax\\s*)?(?:${TITLE_SOURCE})\\s*[:#]?\\s*$`, 'iu'),
  /** Another party's or thing's number; also an unknown compound "…nummer" / "…nr.". */
  other: new RegExp(
    `(?:^|[^\\p{L}])(?:\\p{L}{3,}(?:nr|nummer)\\.?\\W*$|customer|client|kunden?|klant|debitor|order|bestell|auftrag|commande|bestelling|pedido|ordine|account|acct|a\\/c|konto|compte|cuenta|conto|bank|contrac?t|vertrag|police|policy|polizza|p[oó]liza|vehicle|fahrzeug|kennzeichen|article|artikel|art|item|product|produkt|sku|ean|gtin|gln|iln|vat|ust|ust-?id|u?st\\.?-?id|steuer|tax|tva|btw|iva|p\\.?\\s*iva|nif|cif|siret|siren|kvk|rcs|hrb|hra|iban|bic|swift|tel|telefon|phone|fax|mobile|handy|member|mitglied|delivery|liefer|livraison|project|projekt|objekt|page|seite|ref|reference|referenz|r[ée]f[ée]rence|purchase)\\p{L}*\\s*[-.]?\\s*(?:${NUMBER_WORD}|code|nr\\.?)?\\W*$`,
    'iu',
  ),
  /** A number word alone. */
  number: new RegExp(`(?:^|[^\\p{L}])${NUMBER_WORD}\\W*$`, 'iu'),
} as const;
export type IdLabel = keyof typeof ID_LABEL_ENDS;

/** Which label phrase touches the end of `before`: the longest that matches (the first kind on a tie). */
export function idLabelAtEnd(before: string): IdLabel | null {
  let best: IdLabel | null = null;
  let bestStart = Number.POSITIVE_INFINITY;
  for (const k of Object.keys(ID_LABEL_ENDS) as IdLabel[]) {
    const m = ID_LABEL_ENDS[k].exec(before);
    if (m && m.index < bestStart) {
      best = k;
      bestStart = m.index;
    }
  }
  return best;
}

/**
 * A number word glued to the identifier after it ("Nr.210112", "No:4711", "Rechnungsnr.12"), and a
 * word glued to its end that joins it to a date ("210112vom", "562044387du"): what OCR makes of
 * "Nr. 210112 vom …" when it drops the spaces.
 */
export const GLUED_LABEL = new RegExp(
  `^(?:\\p{L}{2,}(?:nr|nummer|no)\\.?|${NUMBER_WORD}[.:°]?)(?=\\p{N})|^(?:\\p{L}*(?:nr|no)[.:])(?=\\p{Lu})`,
  'iu',
);
export const GLUED_JOINER = /(?<=\p{N})(?:vom|von|du|del|dal|dated|van|of)$/iu;
