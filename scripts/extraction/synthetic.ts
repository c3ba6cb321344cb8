/**
 * Synthetic training invoices: random layouts, languages (en/de/fr/es/nl/it), label wordings,
 * currencies, number and date formats, table styles and distracting numbers (order and customer
 * numbers, other dates, IBANs, phone numbers), rendered as text PDFs with pdfkit and read back
 * through the local engine's text layer. Seeded: the same seed gives the same documents.
 * They only ever join training folds; every reported figure is on real documents.
 */
import PDFDocument from 'pdfkit';
import { LocalExpenseAnalyzer } from '../../functions/adapters/textract/local-analyzer';
import type { CachedRead, CorpusDoc } from './corpus';
import { type DocData, prepare, rng } from './learn';

type Lang = 'en' | 'de' | 'fr' | 'es' | 'nl' | 'it';
const WORDS: Record<Lang, Record<string, string[]>> = {
  en: {
    title: ['INVOICE', 'Invoice', 'Tax Invoice', 'Bill'],
    number: ['Invoice No.', 'Invoice #', 'Invoice Number', 'Inv. No', 'Number'],
    date: ['Invoice Date', 'Date', 'Date of issue', 'Issued'],
    due: ['Due Date', 'Payment Due', 'Due', 'Pay by'],
    subtotal: ['Subtotal', 'Sub-total', 'Net amount', 'Total excl. VAT', 'Net'],
    tax: ['Tax', 'VAT', 'Sales Tax', 'GST'],
    total: ['Total', 'Total Due', 'Amount Due', 'Balance Due', 'Grand Total', 'Total amount'],
    desc: ['Description', 'Item', 'Service'],
    qty: ['Qty', 'Quantity', 'Units'],
    unit: ['Unit Price', 'Rate', 'Price'],
    amount: ['Amount', 'Total', 'Line Total'],
    order: ['Order No.', 'PO Number', 'Customer No.', 'Account'],
    otherDate: ['Order Date', 'Delivery Date', 'Service period'],
    billTo: ['Bill To', 'Invoice to', 'Customer'],
  },
  de: {
    title: ['RECHNUNG', 'Rechnung'],
    number: ['Rechnungsnummer', 'Rechnung Nr.', 'Rechnungs-Nr.', 'Belegnummer'],
    date: ['Rechnungsdatum', 'Datum', 'Ausstellungsdatum'],
    due: ['Fällig am', 'Zahlbar bis', 'Fälligkeitsdatum'],
    subtotal: ['Nettobetrag', 'Zwischensumme', 'Summe netto', 'Gesamt netto'],
    tax: ['MwSt.', 'USt.', 'Umsatzsteuer', 'Mehrwertsteuer'],
    total: ['Gesamtbetrag', 'Rechnungsbetrag', 'Bruttobetrag', 'Zu zahlen', 'Endbetrag'],
    desc: ['Bezeichnung', 'Beschreibung', 'Leistung'],
    qty: ['Menge', 'Anzahl'],
    unit: ['Einzelpreis', 'Preis'],
    amount: ['Betrag', 'Gesamt'],
    order: ['Kundennummer', 'Bestellnummer', 'Auftrag Nr.'],
    otherDate: ['Lieferdatum', 'Leistungsdatum', 'Bestelldatum'],
    billTo: ['Rechnungsempfänger', 'An', 'Kunde'],
  },
  fr: {
    title: ['FACTURE', 'Facture'],
    number: ['Facture N°', 'Numéro de facture', 'N° facture'],
    date: ['Date de facture', 'Date', "Date d'émission"],
    due: ["Date d'échéance", 'Échéance', 'Date limite de paiement'],
    subtotal: ['Total HT', 'Montant HT', 'Sous-total'],
    tax: ['TVA', 'Montant TVA'],
    total: ['Total TTC', 'Net à payer', 'Montant total', 'Montant dû'],
    desc: ['Désignation', 'Description'],
    qty: ['Qté', 'Quantité'],
    unit: ['Prix unitaire', 'P.U.'],
    amount: ['Montant', 'Total'],
    order: ['N° client', 'N° commande', 'Référence'],
    otherDate: ['Date de livraison', 'Période', 'Date de commande'],
    billTo: ['Facturé à', 'Client', 'Adresse de facturation'],
  },
  es: {
    title: ['FACTURA', 'Factura'],
    number: ['Número de factura', 'Factura N.º', 'Nº factura'],
    date: ['Fecha de factura', 'Fecha', 'Fecha de emisión'],
    due: ['Vencimiento', 'Fecha de vencimiento'],
    subtotal: ['Base imponible', 'Subtotal'],
    tax: ['IVA', 'Impuesto'],
    total: ['Total', 'Total a pagar', 'Importe total'],
    desc: ['Descripción', 'Concepto'],
    qty: ['Cantidad', 'Cant.'],
    unit: ['Precio unitario', 'Precio'],
    amount: ['Importe', 'Total'],
    order: ['Nº cliente', 'Nº pedido'],
    otherDate: ['Fecha de entrega', 'Fecha de pedido'],
    billTo: ['Facturar a', 'Cliente'],
  },
  nl: {
    title: ['FACTUUR', 'Factuur'],
    number: ['Factuurnummer', 'Factuurnr.', 'Factuur nr'],
    date: ['Factuurdatum', 'Datum'],
    due: ['Vervaldatum', 'Te betalen voor'],
    subtotal: ['Subtotaal', 'Totaal excl. btw', 'Netto'],
    tax: ['BTW', 'Btw'],
    total: ['Totaal', 'Te betalen', 'Totaal incl. btw'],
    desc: ['Omschrijving', 'Beschrijving'],
    qty: ['Aantal'],
    unit: ['Prijs', 'Stukprijs'],
    amount: ['Bedrag', 'Totaal'],
    order: ['Klantnummer', 'Ordernummer'],
    otherDate: ['Leverdatum', 'Orderdatum'],
    billTo: ['Factuuradres', 'Klant'],
  },
  it: {
    title: ['FATTURA', 'Fattura'],
    number: ['Fattura n.', 'Numero fattura', 'N. fattura'],
    date: ['Data fattura', 'Data', 'Data di emissione'],
    due: ['Scadenza', 'Data di scadenza'],
    subtotal: ['Imponibile', 'Subtotale', 'Totale imponibile'],
    tax: ['IVA', 'Imposta'],
    total: ['Totale', 'Totale da pagare', 'Importo totale', 'Totale documento'],
    desc: ['Descrizione', 'Articolo'],
    qty: ['Quantità', 'Q.tà'],
    unit: ['Prezzo unitario', 'Prezzo'],
    amount: ['Importo', 'Totale'],
    order: ['Codice cliente', 'Ordine n.'],
    otherDate: ['Data consegna', 'Data ordine'],
    billTo: ['Destinatario', 'Cliente', 'Intestatario'],
  },
};
const ITEMS = [
  'Consulting services',
  'Plumbing repair',
  'Monthly subscription',
  'Cleaning service',
  'Office supplies',
  'Electrical inspection',
  'Software licence',
  'Hosting plan',
  'Window cleaning',
  'Elevator maintenance',
  'Wartung Heizung',
  'Reinigung Treppenhaus',
  'Prestation de nettoyage',
  'Entretien chaudière',
  'Mantenimiento jardín',
  'Onderhoud lift',
  'Manutenzione impianto',
  'Paint and materials',
  'Labour (hours)',
];
const SELLERS = [
  'Nord',
  'Alpha',
  'Blue',
  'Green',
  'Rapid',
  'Civic',
  'Solar',
  'Metro',
  'Prime',
  'Delta',
  'Orbit',
  'Stone',
];
const TRADES = ['Services', 'Facility', 'Technik', 'Bau', 'Consulting', 'Supplies', 'Maintenance', 'Energie'];
const FORMS = ['GmbH', 'LLC', 'Ltd', 'SAS', 'S.L.', 'B.V.', 'S.r.l.', 'Inc.', 'AG'];
const CURRENCIES = [
  { code: 'EUR', sign: '€' },
  { code: 'USD', sign: '$' },
  { code: 'GBP', sign: '£' },
  { code: 'CHF', sign: 'CHF' },
  { code: 'EUR', sign: 'EUR' },
];

/** How many synthetic invoices join each training fold. */
export const SYNTHETIC_COUNT = 200;

const r2 = (n: number) => Math.round(n * 100) / 100;

export interface Synth {
  label: CorpusDoc['label'];
  pdf: Promise<Buffer>;
}

function makeInvoice(i: number, random: () => number): Synth {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const lang = pick(['en', 'en', 'de', 'de', 'fr', 'es', 'nl', 'it'] as Lang[]);
  const w = (k: string) => pick(WORDS[lang][k]);
  const currency = lang === 'en' ? pick(CURRENCIES) : pick(CURRENCIES.filter((c) => c.code !== 'USD'));
  const decimalComma = lang !== 'en' && random() < 0.8;
  const fmtNum = (n: number) => {
    const [int, dec] = Math.abs(n).toFixed(2).split('.');
    const group = decimalComma ? pick(['.', ' ', '']) : pick([',', '']);
    const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
    return `${n < 0 ? '-' : ''}${grouped}${decimalComma ? ',' : '.'}${dec}`;
  };
  const signStyle = random();
  const money = (n: number) =>
    signStyle < 0.4
      ? fmtNum(n)
      : signStyle < 0.7
        ? `${fmtNum(n)} ${currency.sign}`
        : `${currency.sign} ${fmtNum(n)}`;
  const day = (iso: string) => {
    const [y, m, d] = iso.split('-');
    if (currency.code === 'USD') return pick([`${m}/${d}/${y}`, iso]);
    return pick([`${d}.${m}.${y}`, `${d}/${m}/${y}`, iso, `${d}-${m}-${y}`]);
  };
  const base = Date.UTC(
    2021 + Math.floor(random() * 5),
    Math.floor(random() * 12),
    1 + Math.floor(random() * 28),
  );
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  const invoiceDate = iso(base);
  const hasDue = random() < 0.7;
  const dueDate = iso(base + pick([7, 10, 14, 30, 45, 60]) * 86_400_000);
  const number = pick([
    () => `${Math.floor(10000 + random() * 900000)}`,
    () => `INV-${2021 + Math.floor(random() * 5)}-${String(Math.floor(random() * 9999)).padStart(4, '0')}`,
    () => `${pick(['R', 'F', 'A', 'RE'])}${Math.floor(1000 + random() * 90000)}`,
    () => `${Math.floor(random() * 99)}/${2021 + Math.floor(random() * 5)}`,
  ])();
  const items = Array.from({ length: 1 + Math.floor(random() * 7) }, () => {
    const quantity = pick([1, 1, 1, 2, 3, 4, 5, 10, 12]);
    const unitPrice = r2(5 + random() * pick([50, 200, 1500]));
    return { description: pick(ITEMS), quantity, unitPrice, total: r2(quantity * unitPrice) };
  });
  const subtotal = r2(items.reduce((s, it) => s + it.total, 0));
  const rate = pick([0.19, 0.2, 0.21, 0.22, 0.1, 0.07, 0.05, 0.08, 0]);
  const tax = r2(subtotal * rate);
  const total = r2(subtotal + tax);
  const showSubtotal = random() < 0.85;
  const vendorName = `${pick(SELLERS)} ${pick(TRADES)} ${pick(FORMS)}`;

  const doc = new PDFDocument({ size: pick(['A4', 'LETTER']), margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const pdf = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const font = (bold: boolean, size: number) =>
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);

  const vendorRight = random() < 0.4;
  const vx = vendorRight ? 330 : 40;
  const mx = vendorRight ? 40 : 330;
  font(true, 14 + Math.floor(random() * 8)).text(vendorName, vx, 40, { width: 230 });
  font(false, 9).text(
    `${Math.floor(1 + random() * 200)} ${pick(['Main Street', 'Hauptstraße', 'rue de la Paix', 'Calle Mayor', 'Kerkstraat', 'Via Roma'])}`,
    vx,
    70,
  );
  doc.text(
    `${Math.floor(10000 + random() * 89999)} ${pick(['Berlin', 'Paris', 'Madrid', 'Utrecht', 'Milano', 'Boston', 'London'])}`,
    vx,
    82,
  );
  if (random() < 0.6)
    doc.text(
      `Tel. +${Math.floor(10 + random() * 80)} ${Math.floor(100 + random() * 899)} ${Math.floor(100000 + random() * 899999)}`,
      vx,
      94,
    );

  font(true, 16 + Math.floor(random() * 6)).text(w('title'), mx, 130);
  const facts: Array<[string, string]> = [
    [w('number'), number],
    [w('date'), day(invoiceDate)],
  ];
  if (hasDue) facts.push([w('due'), day(dueDate)]);
  if (random() < 0.6) facts.push([w('order'), `${Math.floor(1000 + random() * 999999)}`]);
  if (random() < 0.4) facts.push([w('otherDate'), day(iso(base - pick([1, 3, 10, 20]) * 86_400_000))]);
  for (let k = facts.length - 1; k > 0; k--) {
    if (random() < 0.3) [facts[k], facts[k - 1]] = [facts[k - 1], facts[k]];
  }
  const stacked = random() < 0.3;
  const colon = random() < 0.6 ? ':' : '';
  facts.forEach(([label, value], k) => {
    if (stacked) {
      font(true, 8).text(label, 40 + k * 105, 165, { width: 100 });
      font(false, 10).text(value, 40 + k * 105, 178, { width: 100 });
    } else {
      font(random() < 0.5, 9).text(`${label}${colon}`, mx, 160 + k * 13);
      font(false, 9).text(value, mx + 110, 160 + k * 13);
    }
  });
  font(true, 9).text(w('billTo'), stacked ? 330 : vendorRight ? 330 : 40, 215);
  font(false, 9).text(
    pick([
      'Maple Court HOA',
      'Hausverwaltung Müller',
      'Résidence Les Pins',
      'Comunidad Sol',
      'VvE Parkzicht',
      'Condominio Aurora',
    ]),
    stacked ? 330 : vendorRight ? 330 : 40,
    228,
  );

  const top = 290;
  const cols = { desc: 40, qty: 300, unit: 370, amount: 470 };
  const qtyFirst = random() < 0.3;
  font(true, 9);
  doc.text(w('desc'), qtyFirst ? 90 : cols.desc, top).text(w('qty'), qtyFirst ? cols.desc : cols.qty, top);
  doc.text(w('unit'), cols.unit, top).text(w('amount'), cols.amount, top);
  font(false, 9);
  items.forEach((it, k) => {
    const y = top + 18 + k * 16;
    doc.text(it.description, qtyFirst ? 90 : cols.desc, y, { width: 200 });
    doc.text(String(it.quantity), qtyFirst ? cols.desc : cols.qty, y);
    doc.text(money(it.unitPrice), cols.unit, y);
    doc.text(money(it.total), cols.amount, y);
  });
  let y = top + 30 + items.length * 16;
  const lx = random() < 0.5 ? 330 : 370;
  const rateText = random() < 0.6 ? ` ${Math.round(rate * 100)}%` : '';
  if (showSubtotal) {
    font(false, 9).text(w('subtotal'), lx, y).text(money(subtotal), cols.amount, y);
    y += 14;
  }
  font(false, 9)
    .text(`${w('tax')}${rateText}`, lx, y)
    .text(money(tax), cols.amount, y);
  y += 16;
  font(random() < 0.7, 9 + Math.floor(random() * 4))
    .text(w('total'), lx, y)
    .text(money(total), cols.amount, y);
  if (random() < 0.4)
    font(false, 8).text(`IBAN DE${Math.floor(10 + random() * 89)} 1234 5678 9012 3456 78`, 40, y + 60);
  doc.end();

  const label: CorpusDoc['label'] = {
    file: `synthetic-${i}.pdf`,
    vendorName,
    invoiceNumber: number,
    invoiceDate,
    dueDate: hasDue ? dueDate : null,
    subtotal: showSubtotal ? subtotal : null,
    taxAmount: tax,
    totalAmount: total,
    currency: currency.code,
  };
  return { label, pdf };
}

/** `count` synthetic invoices as text PDFs with their labels, the same for the same seed. */
export function* syntheticInvoices(count: number, seed = 2024): Generator<Synth> {
  const random = rng(seed);
  for (let i = 0; i < count; i++) yield makeInvoice(i, random);
}

/** `count` synthetic invoices, read by the local engine, ready for training. */
export async function syntheticData(count: number, seed = 2024): Promise<DocData[]> {
  const analyzer = new LocalExpenseAnalyzer();
  const out: DocData[] = [];
  let i = 0;
  for (const { label, pdf } of syntheticInvoices(count, seed)) {
    const bytes = new Uint8Array(await pdf);
    const pages = await analyzer.readPages({ bytes, contentType: 'application/pdf' });
    const read: CachedRead = {
      sha256: '',
      engineVersion: '',
      contentType: 'application/pdf',
      readMs: 0,
      pages,
    };
    out.push(
      prepare(
        {
          path: `synthetic/${label.file}`,
          source: 'synthetic',
          family: 'synthetic',
          group: `synthetic-${i}`,
          label,
        },
        read,
      ),
    );
    i++;
  }
  return out;
}
