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
    /\b(invoice\s*(no|nr|number|num|#)|inv\s*(no|#)|rechnungs?\s*-?\s*(nr|nummer|no)|rechnung\s*nr|belegnummer|facture\s*(n[°oº]|num[ée]ro)|num[ée]ro\s*de\s*facture|factuur\s*(nr|nummer)|factuurnummer|n[úu]mero\s*de\s*factura|factura\s*n|numero\s*fattura|fattura\s*n|receipt\s*(no|#|number)|bill\s*(no|#|number)|doc(ument)?\s*(no|#|number)|no\.?|nr\.?|n[°º]|#)\b|#|^\s*(?:tax\s*)?(?:invoice|facture|rechnung|factuur|factura|fattura|credit\s*note|avoir|gutschrift)\s*[:#]?\s*$/i,
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
