import { letterBounded } from './words';

/**
 * The words the rule-based detector recognises, as regular expressions: who the parties are ("Bill
 * to", "From", "Owned by", legal-form suffixes, address words), which label introduces the invoice
 * number and the dates, which names a total, an amount due, a subtotal or a tax, and which words
 * head a table's columns. They are general vocabulary of invoices and receipts in en/de/fr/nl/ms,
 * never a phrase of one document. The learned scorer has its own, simpler lexicon (`lexicon.ts`),
 * whose words are features whose weight is learned.
 */

/** Mail providers' domains: an address there names no firm. */
export const GENERIC_DOMAINS =
  /^(gmail|yahoo|hotmail|outlook|live|icloud|aol|gmx|web|mail|protonmail|t-online)$/;

export const RECEIVER_LABEL = letterBounded(
  /\b(bil(?:l|led)?\s*to|invoice\s*to|sold\s*to|ship(?:ped)?\s*to|deliver(?:ed|y)?\s*to|customer(?:\s*name)?|client|kunde|rechnung\s*an|rechnungsempf[aä]nger|factuuradres|factur[ée]\s*[àa]|adresse\s*de\s*facturation|attn|attention|recipient|buyer|purchaser|k[äa]ufer|leistungsempf[äa]nger|acheteur|destinataire|koper|afnemer|comprador|acquirente|licensed\s*to|guest\s*name|billing\s*contact|technical\s*contact|nom\s*de\s*l.abonn[ée]|adresse\s*de\s*livraison|livr[ée]\s*[àa]|liefer(?:adresse|anschrift)|(?:abweichender\s*)?warenempf[äa]nger|afleveradres|direcci[oó]n\s*de\s*(?:entrega|env[ií]o)|indirizzo\s*di\s*(?:consegna|spedizione))\b/i,
);
export const PROVIDER_LABEL = letterBounded(
  /\b(from|provided\s*by|seller|vendor|supplier|issued\s*by|service\s*provider|payee|remit\s*to|sold\s*by|payment\s*received\s*by|(?:make\s*)?(?:cheques?|checks?|payments?)\s*payable\s*to|lieferant|verk[äa]ufer|rechnungssteller|vendeur|fournisseur|prestataire|leverancier|verkoper|proveedor|emisor|fornitore|cedente)\b/i,
);
/**
 * The label of a party's name in a labelled block ("Verkäufer / Name: Lieferant GmbH", "Raison
 * sociale : …", "Company name: …"): its value is the name.
 */
export const NAME_LABEL = letterBounded(
  /^\s*(name|firma|firmenname|company(?:\s*name)?|business\s*name|legal\s*name|raison\s*sociale|d[ée]nomination(?:\s*sociale)?|nom|naam|bedrijfsnaam|ragione\s*sociale|denominazione|raz[oó]n\s*social|nombre)\b\s*:?\s*/i,
);
/**
 * "Owned by: ACME SDN BHD" under a shop's name: the company that owns the business the document is
 * issued under. The business's own name, printed above, names the vendor.
 */
export const OWNER_LABEL = letterBounded(
  /\b(o\w?wned\s*by|dimiliki\s*oleh|operated\s*by|a\s*(?:division|subsidiary|member|unit)\s*of)\b/i,
);
export const COMPANY_SUFFIX = letterBounded(
  /(\b(inc|llc|l\.l\.c|ltd|limited|gmbh|ag|kg|b\.\s?v|n\.\s?v|s\.\s?a\.?\s?r\.?\s?l|sarl|sas|plc|pty|corp|corporation|company|co|llp|pvt|srl|s\.p\.a|oy|ab)\b\.?|sdn\.?\s*bhd|\bbhd\b|\bs\/b\b|\benterprise\b|\btrading\b|\bsdn\b)/i,
);
export const TITLE_WORDS = letterBounded(
  /^(tax\s*invoice|invoice|simplified\s*tax\s*invoice|official\s*receipt|receipt|cash\s*(bill|sales?|receipt)|rechnung|facture|factuur|bill|statement|quotation|payment\s*(receipt|confirmation)|page|date|total|summary|details|description|thank|welcome|copy|original|duplicate|customer|member|cashier|table|order|gst|sst|tel|fax|phone)\b/i,
);
export const ADDRESS_STOP = letterBounded(
  /(\b(tel|telephone|phone|fax|hp|h\/p|mobile|email|e-mail|gst|sst|vat|tax|invoice|receipt|date|cashier|served\s*by|number|no\s*:|reg\.?\s*no|co\.?\s*reg|company\s*reg|website|www|http|doc(ument)?\s*no|bill|table|counter|order|sales|member|ust|tva|btw|iva|gln|siret|siren|rcs|iban|bic|swift|kvk|hr[ab]|steuer\w*|handelsreg\w*)\b|@|\bwww\.)/i,
);
/**
 * The key of a postal address in a labelled block ("Anschrift:", "Address:", "Adresse :"). A value
 * under any other key (phone, contact, register, VAT ID) is not part of the address.
 */
export const ADDRESS_KEY = letterBounded(
  /^\W*((postal\s*|street\s*|business\s*|mailing\s*)?address|addr|anschrift|adresse|stra(ss|ß)e|sitz|si[èe]ge(\s*social)?|adres|indirizzo|sede(\s*legale)?|direcci[oó]n|domicilio)\b/i,
);
export const REGISTRATION_LINE =
  /^\(?\s*((c[o0]\.?[-\s]*(reg|n[o0])\.?|company\s*(n[o0]|reg)\.?|reg\.?\s*n[o0]|br\s*n[o0]\.?|roc\s*n[o0]|gst\s*(id|reg)?\s*n[o0])\s*[:.]?)?[^a-z]{0,4}\(?\d{3,}[\d\s-]*[a-z]?\s*\)?\.?$/i;

/** "Company Reg No.: 75495-W", "Conpany No:20965-U" (OCR), "GST Reg no : 0000 6771 0976". */
export const REGISTRATION_LABEL = letterBounded(
  /^\W*(c[o0][mn]?pany\b|(co\.?|gst|sst|roc|business|br)\s*(reg(istration)?|n[o0]|id)\b).*\d{4,}/i,
);
/** Words that make a line part of a postal address even without a house number. */
export const ADDRESS_WORD = letterBounded(
  /\b(jalan|jln|lot|no|level|floor|tingkat|taman|tmn|street|st|road|rd|avenue|ave|lorong|persiaran|kawasan|perindustrian|bandar|block|blok|unit|suite|building|bangunan|plaza|mall|centre|center|kampung|kg|batu|km|strasse|straße|rue|weg)\b/i,
);

export const INVOICE_ID_LABELS: Array<[RegExp, number]> = [
  [
    letterBounded(
      /\b(?:tax\s*)?(?:invoice|inv|rechnungs?|facture|factuur|bill|receipt|document|doc)\s*[-.]?\s*(?:no\b\.?|nr\b\.?|number|num\b\.?|nummer|#|n°|n[oº]\b\.?|id\b|numéro|serial\s*#)\s*[:.#]?/i,
    ),
    95,
  ],
  [letterBounded(/\b(?:factuurnummer|rechnungsnummer|belegnummer|invoice\s*#)\s*[:.#]?/i), 95],
  [/^(?:invoice|facture|rechnung)\s*:/i, 80],
  [
    letterBounded(
      /\b(?:booking|order|reference|ref|transaction|confirmation)\s*(?:id\b|no\b\.?|number|#|nr\b\.?)\s*[:.#]?/i,
    ),
    55,
  ],
];
export const INVOICE_DATE_LABELS: Array<[RegExp, number]> = [
  [
    letterBounded(
      /\b(?:invoice|inv|bill|receipt|factuur|rechnungs?|facture|document|issue|issued|tax\s*point)\s*[-.]?\s*(?:date|datum|dt)\b\s*[:.]?|\bdate\s*(?:of\s*)?(?:issue|issued|invoice)\b\s*[:.]?|\bausstellungsdatum\b|\bdate\s*de\s*(?:la\s*)?(?:facture|facturation)\b|\bfecha\s*de\s*(?:la\s*)?factura\b|\bdata\s*(?:della\s*)?fattura\b/i,
    ),
    95,
  ],
  [letterBounded(/\b(?:facture|invoice|rechnung|factuur)\b.*?\b(?:du|vom|dated|van)\b/i), 90],
  [letterBounded(/\b(?:date|datum|dated|tarikh|fecha)\b\s*[:.]?/i), 85],
  [letterBounded(/\b(?:payment\s*date|date\s*paid|paid\s*on|transaction\s*date)\b\s*[:.]?/i), 60],
];
export const NOT_INVOICE_DATE = letterBounded(
  /\b(due|f[äa]llig|[ée]ch[ée]ance|vervaldatum|expir|valid|period|next\s*billing|activation|start|end|check\s*(in|out)|birth|limite|order\s*date|orderdatum|bestelldatum|lieferdatum|leistungsdatum|delivery|ship(ping)?\s*date)/i,
);
export const DUE_DATE_LABELS: Array<[RegExp, number]> = [
  [
    letterBounded(
      /\b(?:due\s*date|date\s*due|payment\s*due(?:\s*(?:by|on|date))?|due\s*(?:by|on)|pay\s*by|f[äa]llig(?:keit)?(?:\s*am)?|zahlbar\s*bis|[ée]ch[ée]ance|date\s*limite\s*de\s*paiement(?:\s*le)?|vervaldatum|uiterste\s*betaaldatum)\b\s*[:.]?/i,
    ),
    95,
  ],
  [letterBounded(/\bdue\b/i), 70],
];

/**
 * "Inclusive of tax" amounts: what is paid ("Total (Incl GST)", "Amount incl. VAT", "Sales
 * Inclusive of GST"), after an amount word or as the first words of the line (OCR misreads the
 * word: "Anount Incl. GST"; and "Incl." as "Inc I.").
 */
const INCLUSIVE_OF_TAX =
  '(?:(?:total|amount|amt|sales|betrag|bedrag|montant)\\s*(?:paid\\s*)?\\(?\\s*|^\\s*[a-z.]+\\s+)inc(?:l|\\s*i)?(?:usive|uding|\\.)?\\s*(?:of\\s*)?(?:gst|vat|tax|sst|btw|mwst|ust|tva)';
export const TOTAL_LABEL = letterBounded(
  new RegExp(
    `\\b(grand\\s*total|total\\s*amount|amount\\s*total|invoice\\s*total|rounded\\s*total|round(?:ing)?\\s*total|nett?\\s*total|total|totaal|gesamtbetrag|gesamtsumme|rechnungsbetrag|endbetrag|montant\\s*total|somme\\s*[àa]\\s*payer|montant\\s*(?:eur\\s*)?ttc|jumlah|${INCLUSIVE_OF_TAX})\\b`,
    'i',
  ),
);
/**
 * Total labels that name the amount to pay, as opposed to a partial sum ("Total 0% supplies"), a
 * tax summary or the cash handed over ("Total Paid", "Accepted Total"): when the document has one,
 * the total is taken among them.
 */
export const FINAL_TOTAL = letterBounded(
  new RegExp(
    `\\b(grand\\s*total|total\\s*(?:payable|due|to\\s*pay|[àa]\\s*payer)|amount\\s*(?:payable|due)|balance\\s*due|net\\s*payable|invoice\\s*total|rechnungsbetrag|gesamtbetrag|endbetrag|somme\\s*[àa]\\s*payer|montant\\s*(?:eur\\s*)?ttc|total\\s*ttc|te\\s*betalen|${INCLUSIVE_OF_TAX})\\b`,
    'i',
  ),
);
export const NOT_TOTAL = letterBounded(
  /(sub\s*-?\s*total|total\s*(qty|quantity|items?|item\(s\)|pcs|units?|disc(ount)?|savings?|tax|vat|gst|sst|excl|ex\b|before|number|weight|points?|no\b|count|lines?)|qty\s*total|(tax|vat|gst|sst|btw|tva|mwst)\s*total|total\s*included\s*(gst|tax|vat|sst)|subtotaal|exclusief|zwischensumme|sous[\s-]*total|\bhors\s*taxes?\b|\bht\b|montant\s*tva|total\s*\w*\s*\(?excl)/i,
);
export const AMOUNT_DUE_LABEL = letterBounded(
  /\b(amount\s*due|balance\s*due|total\s*due|total\s*payable|amount\s*payable|zu\s*zahlen|offener\s*betrag|ausstehender\s*betrag|te\s*betalen|net\s*[àa]\s*payer|reste\s*[àa]\s*payer|amount\s*now\s*due)\b|^\s*due\b(?=\s*:?\s*\S)/i,
);
/**
 * The sum before tax, in the languages the product meets: Subtotal, Sous-total, Total HT,
 * Zwischensumme, Nettobetrag, Subtotaal, Totaal excl. btw, Net amount, Subtotale, Base imponible…
 */
export const SUBTOTAL_LABEL = letterBounded(
  /\b(sub\s*-?\s*total[e]?|subtotaal|sous[\s-]*total|zwischensumme|summe\s*netto|netto(?:betrag|summe)?|nettobetrag|total\s*ex(?:cl)?\.?(?:\s*(?:tax|vat|gst|btw))?|totaal\s*excl?\.?(?:\s*btw)?|total\s*before\s*tax|net\s*am(?:oun)?t|net\s*total\s*excl|montant\s*(?:eur\s*)?ht|total\s*ht|total\s*hors\s*taxes?|exclusief\s*btw|amount\s*before\s*tax|total\s*excluding\s*(?:tax|vat|gst)|base\s*imponible|importe\s*neto|imponibile)\b/i,
);
export const TAX_LABEL = letterBounded(
  /\b(tax(?:es)?|taxe|vat|gst|sst|mwst|ust|btw|tva|iva|umsatzsteuer|sales\s*tax|service\s*tax)\b/i,
);
export const NOT_TAX = letterBounded(
  /(tax\s*invoice|(vat|gst|sst|tax|btw|tva)\s*(no\b|number|nr|reg|id\b|#|code|summary|registration|identification)|taxcode|ust-?id|ustid|reverse|incl(usive)?\.?\s*(of\s*)?(gst|vat|tax|btw)|excl|exclusief|ex\.?\s*tax|total\s*ex|before\s*tax|to\s*be\s*(paid|accounted)|intracom|prix\s*incl|relief|exempt|zero.rated|may\s*include)/i,
);

export const HEADER_WORDS = letterBounded(
  /^(description|item|items|product|products|artikel|beschreibung|omschrijving|d[ée]signation|charge\s*name|service|services|particulars|qty|quantity|aantal|menge|anzahl|units?|u\/p|unit\s*price|price|prijs|einzelpreis|rate|amount|total|betrag|gesamt|montant|disc%?|uom|code\/desc|interval|period|tax|vat|btw|hours|hrs)\b/i,
);
export const PRICE_HEADER = letterBounded(
  /\b(price|prijs|einzelpreis|rate|amount|total|betrag|gesamt|montant|u\/p|subtotal)\b/i,
);
