/**
 * Synthetic training invoices: random layouts, languages (en/de/fr/es/nl/it), label wordings,
 * currencies, number and date formats, table styles and distracting numbers (order and customer
 * numbers, other dates, IBANs, phone numbers), rendered as text PDFs with pdfkit and read back
 * through the local engine's text layer. Seeded: the same seed gives the same documents.
 * They only ever join training folds; every reported figure is on real documents.
 */
import PDFDocument from 'pdfkit';
import { LocalExpenseAnalyzer } from '../../functions/extraction';
import type { CachedRead, CorpusDoc } from './corpus';
import { type DocData, prepare } from './learn';
import { rng } from './random';

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
    pos: ['#', 'Pos.', 'No.'],
    vat: ['VAT %', 'Tax %', 'VAT'],
    uom: ['Unit', 'UoM'],
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
    pos: ['Pos.', 'Nr.'],
    vat: ['MwSt. %', 'USt.'],
    uom: ['Einheit', 'ME'],
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
    pos: ['Réf.', 'N°'],
    vat: ['TVA %', 'TVA'],
    uom: ['Unité', 'U.'],
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
    pos: ['Ref.', 'Nº'],
    vat: ['IVA %', 'IVA'],
    uom: ['Unidad', 'Ud.'],
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
    pos: ['Nr.', 'Art.nr.'],
    vat: ['BTW %', 'Btw'],
    uom: ['Eenheid'],
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
    pos: ['Rif.', 'N.'],
    vat: ['IVA %', 'IVA'],
    uom: ['Unità', 'U.M.'],
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
  'Replacement of the circulation pump in the basement boiler room',
  'Quarterly inspection of fire extinguishers and smoke detectors',
  'Lieferung und Montage Rauchwarnmelder',
  'Austausch Thermostatventile inklusive Material',
  'Fourniture et pose de robinetterie',
  'Nettoyage des parties communes et vitres',
  'Sustitución de luminarias LED en garaje',
  'Vervanging dakgoot en afvoer',
  'Sostituzione valvola di sicurezza caldaia',
  'Gardening',
  'Travel',
  'Materials',
  'Key copies',
  'Emergency call-out fee',
];
/** Detail lines printed under an item, not part of its name. */
const DETAILS = [
  (r: () => number) => `Art.-Nr. ${Math.floor(10000 + r() * 89999)}`,
  (r: () => number) => `SKU ${Math.floor(100000 + r() * 899999)}`,
  (r: () => number) => `Order ${Math.floor(1000 + r() * 8999)}`,
  () => 'Building A, staircase 2',
  () => 'as agreed',
];
const PAYMENT_LINES = [
  'Payment received by card',
  'Paid through bank transfer',
  'Amount paid',
  'Bezahlt per Überweisung',
  'Anzahlung erhalten',
  'Réglé par carte bancaire',
  'Pagado con tarjeta',
  'Betaald via iDEAL',
  'Pagato con bonifico',
];
/** The first items are the plain set's (its documents stay as they were). */
const PLAIN_ITEMS = 19;
const UOM = ['pcs', 'h', 'Stk', 'm', 'kg', 'pce', 'x'];
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

/**
 * How many synthetic invoices of each kind (plain, with varied seller blocks, with varied sums blocks)
 * join each training fold.
 */
export const SYNTHETIC_COUNT = 200;
/** How many synthetic invoices with varied item tables join each fold's line-item training. */
export const TABLE_COUNT = 150;
/** How many invoices with varied invoice-number placements and other identifiers join each fold. */
export const ID_VARIETY_COUNT = 100;

/** The field-training invoices, and the varied-table invoices only line-item rows learn from. */
export async function syntheticSets(): Promise<{ fields: DocData[]; tables: DocData[] }> {
  return {
    fields: await syntheticData(SYNTHETIC_COUNT),
    tables: await syntheticData(TABLE_COUNT, 4711, true),
  };
}

const r2 = (n: number) => Math.round(n * 100) / 100;

export interface Synth {
  label: CorpusDoc['label'];
  pdf: Promise<Buffer>;
}

/**
 * One synthetic invoice. `tables` varies the item table (see below) and draws from its own random
 * stream; without it the table is the plain one of the field-training set, whose documents stay the
 * same as long as the seed does. With the 'seller' variety its seller block takes one of several places
 * (see {@link sellerBlock}) and it is labelled with the seller's name and address only; with the 'sums'
 * variety its sums block takes one of several forms (see {@link sumsBlock}) and it is labelled with the
 * amounts only; with the 'ids' variety the invoice number is printed in one of several ways and other
 * identifiers stand around it (see {@link identifierVariety}), and it is labelled with its number only;
 * without, the seller prints a plain letterhead and the invoice is labelled with every other field, so
 * the other fields' training stays what it was.
 */
function makeInvoice(
  i: number,
  random: () => number,
  tables: boolean,
  variety: 'seller' | 'sums' | 'ids' | null,
): Synth {
  const sellerVariety = variety === 'seller';
  const idVariety = variety === 'ids';
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
  const many = tables && random() < 0.12;
  const names = tables ? ITEMS : ITEMS.slice(0, PLAIN_ITEMS);
  const items = Array.from(
    { length: many ? 15 + Math.floor(random() * 30) : 1 + Math.floor(random() * 7) },
    () => {
      const quantity = pick([1, 1, 1, 2, 3, 4, 5, 10, 12]);
      const unitPrice = r2(5 + random() * pick([50, 200, 1500]));
      return { description: pick(names), quantity, unitPrice, total: r2(quantity * unitPrice) };
    },
  );
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
  const nameSize = 14 + Math.floor(random() * 8);
  const street = `${Math.floor(1 + random() * 200)} ${pick(['Main Street', 'Hauptstraße', 'rue de la Paix', 'Calle Mayor', 'Kerkstraat', 'Via Roma'])}`;
  const town = `${Math.floor(10000 + random() * 89999)} ${pick(['Berlin', 'Paris', 'Madrid', 'Utrecht', 'Milano', 'Boston', 'London'])}`;
  const phone =
    random() < 0.6
      ? `Tel. +${Math.floor(10 + random() * 80)} ${Math.floor(100 + random() * 899)} ${Math.floor(100000 + random() * 899999)}`
      : null;
  // The seller's block is drawn from its own generator, so the rest of the invoice stays as it was.
  const seller = sellerBlock(doc, font, sellerVariety ? rng(0x5e11e2 + i) : null, {
    vendorName,
    street,
    town,
    phone,
    vx,
    nameSize,
    lang,
  });

  const ids = idVariety ? identifierVariety(random, lang, number, day(invoiceDate)) : null;
  if (ids?.titleLine)
    font(true, 11 + Math.floor(random() * 4)).text(ids.titleLine, 40, 130, { lineBreak: false });
  else font(true, 16 + Math.floor(random() * 6)).text(w('title'), mx, 130);
  const facts: Array<[string, string]> = [
    ...(ids && ids.numberPlace !== 'facts'
      ? []
      : ([[ids?.numberLabel ?? w('number'), number]] as Array<[string, string]>)),
    // A title line that carries the date ("Rechnung Nr. 4711 vom 05.03.2025") is often its only place.
    ...(ids?.titleLine?.endsWith(day(invoiceDate)) && random() < 0.5
      ? []
      : ([[w('date'), day(invoiceDate)]] as Array<[string, string]>)),
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
  const bx = stacked ? 330 : vendorRight ? 330 : 40;
  if (ids?.numberPlace === 'inline')
    font(false, 9).text(`${ids.numberLabel ?? w('number')}${colon} ${number}`, 370 - bx, 241);
  // Other identifiers: two under the seller's address, the rest in the footer.
  for (const [k, text] of (ids?.others ?? []).entries())
    font(false, 8).text(text, k < 2 ? vx : 40, k < 2 ? 106 + 11 * k : doc.page.height - 120 + 11 * k, {
      lineBreak: false,
    });
  if (seller.buyerLabel) font(true, 9).text(w('billTo'), bx, 215);
  seller.buyer(
    bx,
    pick([
      'Maple Court HOA',
      'Hausverwaltung Müller',
      'Résidence Les Pins',
      'Comunidad Sol',
      'VvE Parkzicht',
      'Condominio Aurora',
    ]),
  );

  let y: number;
  let amountX: number;
  if (!tables) {
    const top = 290;
    const cols = { desc: 40, qty: 300, unit: 370, amount: 470 };
    const qtyFirst = random() < 0.3;
    font(true, 9);
    doc.text(w('desc'), qtyFirst ? 90 : cols.desc, top).text(w('qty'), qtyFirst ? cols.desc : cols.qty, top);
    doc.text(w('unit'), cols.unit, top).text(w('amount'), cols.amount, top);
    font(false, 9);
    items.forEach((it, k) => {
      const y = top + 18 + k * 16;
      doc.text(
        ids?.codes ? `${ids.codes[k % ids.codes.length]}  ${it.description}` : it.description,
        qtyFirst ? 90 : cols.desc,
        y,
        {
          width: 200,
        },
      );
      doc.text(String(it.quantity), qtyFirst ? cols.desc : cols.qty, y);
      doc.text(money(it.unitPrice), cols.unit, y);
      doc.text(money(it.total), cols.amount, y);
    });
    y = top + 30 + items.length * 16;
    amountX = cols.amount;
  } else {
    // The item table: a column order, optional position / unit-of-measure / tax-rate columns, left- or
    // right-aligned figures, wrapped descriptions and detail lines, continued over pages (with or
    // without its header repeated), or no header at all (receipt-like rows).
    const pageHeight = doc.page.height;
    const hasHeader = random() < 0.88;
    const withPos = random() < 0.35;
    const withUom = hasHeader && random() < 0.3;
    const withVat = hasHeader && random() < 0.25;
    const qtyFirst = random() < 0.2;
    const showQty = !hasHeader ? random() < 0.4 : random() < 0.9;
    const alignRight = random() < 0.5;
    const repeatHeader = random() < 0.7;
    const rowGap = 3 + Math.floor(random() * 8);
    const details = random() < 0.3;
    const detailsInLabel = random() < 0.3;
    const vatRate = `${Math.round(rate * 100)}${pick(['%', ' %', ',00 %', ''])}`;
    type Col = { key: string; head: string; width: number; x: number };
    const spec: Array<[string, string, number]> = [];
    if (withPos) spec.push(['pos', w('pos'), 30]);
    if (qtyFirst && showQty) spec.push(['qty', w('qty'), 45]);
    spec.push(['desc', w('desc'), 0]);
    if (!qtyFirst && showQty) spec.push(['qty', w('qty'), 50]);
    if (withUom) spec.push(['uom', w('uom'), 40]);
    if (showQty || random() < 0.5) spec.push(['unit', w('unit'), 75]);
    if (withVat) spec.push(['vat', w('vat'), 50]);
    spec.push(['amount', w('amount'), 80]);
    const right = doc.page.width - 40;
    const fixed = spec.reduce((t, [, , width]) => t + width, 0);
    const columns: Col[] = [];
    let cx = 40;
    for (const [key, head, width] of spec) {
      const wd = width || right - 40 - fixed;
      columns.push({ key, head, width: wd, x: cx });
      cx += wd;
    }
    const col = (key: string) => columns.find((c) => c.key === key);
    const amountCol = col('amount')!;
    const descCol = col('desc')!;
    const cell = (key: string, text: string, y: number) => {
      const c = col(key);
      if (!c) return;
      const numeric = key !== 'desc';
      doc.text(text, c.x, y, {
        width: c.width - 6,
        align: numeric && alignRight ? 'right' : 'left',
        lineBreak: !numeric,
      });
    };
    const header = (y: number) => {
      if (!hasHeader) return y;
      font(true, 9);
      for (const c of columns) cell(c.key, c.head, y);
      if (random() < 0.5)
        doc
          .moveTo(40, y + 12)
          .lineTo(right, y + 12)
          .lineWidth(0.5)
          .stroke();
      return y + 18;
    };
    y = header(290);
    items.forEach((it, k) => {
      font(false, 9);
      // Some detail lines carry money of their own (a gross or base price), still no item.
      const detail = !details
        ? null
        : random() < 0.35
          ? `${pick(['Gross price', 'Bruttopreis', 'Prix TTC', 'Base price', 'Listenpreis'])}: ${money(r2(it.unitPrice * 1.2))}`
          : pick(DETAILS)(random);
      const height = doc.heightOfString(it.description, { width: descCol.width - 6 }) + (detail ? 11 : 0);
      if (y + height > pageHeight - 110) {
        doc.addPage();
        y = repeatHeader ? header(60) : 60;
        font(false, 9);
      }
      cell('pos', String(k + 1), y);
      cell('desc', it.description, y);
      if (detail) font(false, 8).text(detail, descCol.x, y + height - 10);
      font(false, 9);
      cell('qty', String(it.quantity), y);
      cell('uom', pick(UOM), y);
      cell('unit', money(it.unitPrice), y);
      cell('vat', vatRate, y);
      cell('amount', money(it.total), y);
      if (detail && detailsInLabel && !/\d[.,]\d\d/.test(detail))
        it.description = `${it.description} ${detail}`;
      y += Math.max(12, height) + rowGap;
    });
    if (y > pageHeight - 140) {
      doc.addPage();
      y = 60;
    }
    y += 12;
    amountX = amountCol.x;
  }
  if (variety === 'sums') {
    const sums = sumsBlock(doc, font, random, { lang, money, items, rate, amountX, y });
    doc.end();
    const label = { file: `synthetic-sums-${i}.pdf`, ...sums };
    return { label, pdf };
  }
  const cols = { amount: amountX };
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
  // What was paid, under the totals: a payment line and the balance left, neither an item.
  if (tables && random() < 0.4) {
    font(false, 9)
      .text(pick(PAYMENT_LINES), 40, y + 24)
      .text(money(total), cols.amount, y + 24)
      .text(pick(['Balance', 'Restbetrag', 'Solde', 'Saldo']), 40, y + 38)
      .text(money(0), cols.amount, y + 38);
    y += 40;
  }
  if (random() < 0.4)
    font(false, 8).text(`IBAN DE${Math.floor(10 + random() * 89)} 1234 5678 9012 3456 78`, 40, y + 60);
  seller.footer();
  doc.end();

  const label: CorpusDoc['label'] = idVariety
    ? {
        file: `synthetic-ids-${i}.pdf`,
        invoiceNumber: number,
        invoiceDate,
        dueDate: hasDue ? dueDate : null,
      }
    : sellerVariety
      ? { file: `synthetic-seller-${i}.pdf`, vendorName, vendorAddress: `${street}, ${town}` }
      : {
          file: `synthetic-${tables ? 'table-' : ''}${i}.pdf`,
          invoiceNumber: number,
          invoiceDate,
          dueDate: hasDue ? dueDate : null,
          subtotal: showSubtotal ? subtotal : null,
          taxAmount: tax,
          totalAmount: total,
          currency: currency.code,
          lineItems: items.map((it) => ({
            description: it.description,
            quantity: it.quantity,
            unitPrice: it.unitPrice,
            total: it.total,
          })),
        };
  return { label, pdf };
}

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
function identifierVariety(random: () => number, lang: Lang, number: string, date: string) {
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

/**
 * Sum-row wordings beyond the plain set's, by language: the sum before tax, the sum with tax, the
 * amount to pay, a heading over the sums, a running sum carried to the next page, and a note that
 * no tax is charged.
 */
const SUMS: Record<
  Lang,
  Record<'net' | 'gross' | 'payable' | 'heading' | 'carried' | 'exempt' | 'on', string[]>
> = {
  en: {
    net: ['Net amount', 'Total excl. VAT', 'Subtotal', 'Net total', 'Amount before tax', 'Total net'],
    gross: ['Total incl. VAT', 'Gross amount', 'Invoice total', 'Total', 'Grand total'],
    payable: ['Amount due', 'Balance due', 'Amount payable', 'Please pay', 'Total due'],
    heading: ['Summary', 'Totals', 'Invoice totals'],
    carried: ['Carried forward', 'Brought forward', 'Subtotal carried forward'],
    exempt: ['VAT exempt', 'Zero-rated supply', 'Reverse charge: no VAT charged'],
    on: ['on', 'of'],
  },
  de: {
    net: [
      'Nettobetrag',
      'Summe netto',
      'Rechnungssumme ohne USt.',
      'Gesamt netto',
      'Warenwert',
      'Zwischensumme',
    ],
    gross: ['Bruttobetrag', 'Gesamtbetrag', 'Rechnungssumme inkl. USt.', 'Summe brutto', 'Rechnungsbetrag'],
    payable: ['Zahlbetrag', 'Zu zahlen', 'Zu zahlender Betrag', 'Offener Betrag'],
    heading: ['Belegsummen', 'Summen', 'Zusammenfassung', 'Rechnungssummen'],
    carried: ['Übertrag', 'Zwischensumme Übertrag'],
    exempt: [
      'Steuerfrei gem. § 4 UStG',
      'Umsatzsteuerbefreit',
      'Steuerschuldnerschaft des Leistungsempfängers',
    ],
    on: ['auf', 'von'],
  },
  fr: {
    net: ['Total HT', 'Montant HT', 'Total hors taxes', 'Sous-total'],
    gross: ['Total TTC', 'Montant TTC', 'Montant total'],
    payable: ['Net à payer', 'Reste à payer', 'Montant dû', 'Total à payer'],
    heading: ['Récapitulatif', 'Totaux'],
    carried: ['À reporter', 'Report'],
    exempt: ['TVA non applicable, art. 293 B du CGI', 'Exonération de TVA', 'Autoliquidation'],
    on: ['sur', 'de'],
  },
  es: {
    net: ['Base imponible', 'Subtotal', 'Importe neto', 'Total sin IVA'],
    gross: ['Total factura', 'Importe total', 'Total con IVA', 'Total'],
    payable: ['Total a pagar', 'Importe a pagar'],
    heading: ['Resumen', 'Totales'],
    carried: ['Suma y sigue', 'Transporte'],
    exempt: ['Exento de IVA', 'Inversión del sujeto pasivo'],
    on: ['sobre', 'de'],
  },
  nl: {
    net: ['Subtotaal', 'Totaal excl. btw', 'Netto', 'Totaal exclusief btw'],
    gross: ['Totaal incl. btw', 'Totaal', 'Totaalbedrag'],
    payable: ['Te betalen', 'Openstaand bedrag', 'Totaal te betalen'],
    heading: ['Totalen', 'Samenvatting'],
    carried: ['Transport', 'Over te brengen'],
    exempt: ['Vrijgesteld van btw', 'Btw verlegd'],
    on: ['over', 'van'],
  },
  it: {
    net: ['Imponibile', 'Totale imponibile', 'Subtotale', 'Totale netto'],
    gross: ['Totale documento', 'Totale fattura', 'Totale IVA inclusa', 'Totale'],
    payable: ['Totale da pagare', 'Netto a pagare', 'Importo da pagare'],
    heading: ['Riepilogo', 'Totali'],
    carried: ['Riporto', 'A riportare'],
    exempt: ['Esente IVA', 'Operazione non imponibile', 'Inversione contabile'],
    on: ['su', 'di'],
  },
};

/**
 * The sums block of a 'sums' invoice, under its items (starting at `y`), in one of the forms
 * invoices print it: rows of net, tax (one or two rates, with their bases) and gross, with or
 * without a heading and an amount-to-pay row repeating the gross; the same as a row of figures
 * under "net | tax | gross" column headings; a total with the tax it includes (and maybe the net)
 * printed after it; or no tax at all (exempt, zero-rated). Sometimes the sums start on a new page,
 * after a running sum carried over from the first and a last item. Returns the labelled amounts.
 */
function sumsBlock(
  doc: PDFKit.PDFDocument,
  font: (bold: boolean, size: number) => PDFKit.PDFDocument,
  random: () => number,
  s: {
    lang: Lang;
    money: (n: number) => string;
    items: Array<{ total: number }>;
    rate: number;
    amountX: number;
    y: number;
  },
): { subtotal: number | null; taxAmount: number | null; totalAmount: number } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const word = (k: keyof (typeof SUMS)['en']) => pick(SUMS[s.lang][k]);
  const plain = (k: string) => pick(WORDS[s.lang][k]);
  const money = s.money;
  const totals = s.items.map((it) => it.total);
  let y = s.y;
  // Right-aligned figures end at the amount column's right edge; left-aligned ones start there.
  const alignRight = random() < 0.5;
  const figure = (n: number, x: number, at: number) =>
    alignRight ? doc.text(money(n), x - 50, at, { width: 110, align: 'right' }) : doc.text(money(n), x, at);
  if (random() < 0.35) {
    // The first page ends with the running sum; the next carries it over, then a last item.
    const carried = r2(totals.reduce((a, b) => a + b, 0));
    font(false, 9).text(word('carried'), 330, y);
    figure(carried, s.amountX, y);
    doc.addPage();
    y = 60;
    font(false, 9).text(word('carried'), 40, y);
    figure(carried, s.amountX, y);
    const last = r2(5 + random() * pick([40, 300]));
    doc.text(pick(ITEMS.slice(0, PLAIN_ITEMS)), 40, y + 18);
    figure(last, s.amountX, y + 18);
    totals.push(last);
    y += 50;
  }
  const subtotal = r2(totals.reduce((a, b) => a + b, 0));
  const form = pick(['rows', 'rows', 'rows', 'columns', 'included', 'exempt'] as const);
  const lx = random() < 0.5 ? 300 : 340;
  const bold = random() < 0.6;
  if (random() < 0.4 || form === 'columns') {
    font(true, 10).text(word('heading'), form === 'columns' ? 40 : lx, y);
    y += 18;
  }
  const percent = (r: number) =>
    `${String(Math.round(r * 1000) / 10).replace('.', s.lang === 'en' ? '.' : ',')} %`;
  if (form === 'exempt') {
    font(false, 9).text(word('net'), lx, y);
    figure(subtotal, s.amountX, y);
    const printsZero = random() < 0.5;
    if (printsZero) {
      font(false, 9).text(`${plain('tax')} 0 %`, lx, y + 14);
      figure(0, s.amountX, y + 14);
    }
    font(bold, 10).text(pick([word('gross'), word('payable')]), lx, y + 30);
    figure(subtotal, s.amountX, y + 30);
    font(false, 8).text(word('exempt'), 40, y + 56);
    return { subtotal, taxAmount: printsZero ? 0 : null, totalAmount: subtotal };
  }
  if (form === 'included') {
    // Gross prices: the items add up to the total, which includes the tax.
    const total = subtotal;
    const rate = s.rate || 0.19;
    const tax = r2(total - total / (1 + rate));
    const net = r2(total - tax);
    font(bold, 10).text(pick([word('gross'), plain('total')]), lx, y);
    figure(total, s.amountX, y);
    font(false, 9).text(
      `${pick(['incl.', 'inkl.', 'dont', 'incl', 'di cui', 'incluido'])} ${plain('tax')} ${percent(rate)}`,
      lx,
      y + 16,
    );
    figure(tax, s.amountX, y + 16);
    const showsNet = random() < 0.5;
    if (showsNet) {
      font(false, 9).text(word('net'), lx, y + 30);
      figure(net, s.amountX, y + 30);
    }
    return { subtotal: showsNet ? net : null, taxAmount: tax, totalAmount: total };
  }
  // Taxes: one rate, or two with the base of each ("USt. 7 % auf 120,00").
  const rates = random() < 0.3 ? [s.rate || 0.19, pick([0.07, 0.055, 0.1, 0.05, 0.09])] : [s.rate || 0.2];
  const bases =
    rates.length === 1
      ? [subtotal]
      : [r2(subtotal * (0.3 + random() * 0.4)), 0].map((b, k, a) => (k ? r2(subtotal - a[0]) : b));
  const taxes = rates.map((r, k) => r2(bases[k] * r));
  const tax = r2(taxes.reduce((a, b) => a + b, 0));
  const total = r2(subtotal + tax);
  const taxSum = rates.length === 1 || form === 'columns' || random() < 0.5;
  if (form === 'columns') {
    const xs = [s.amountX - 200, s.amountX - 100, s.amountX];
    font(true, 9);
    doc.text(word('net'), xs[0], y).text(plain('tax'), xs[1], y).text(word('gross'), xs[2], y);
    font(false, 9).text(plain('total'), 40, y + 14);
    for (const [k, n] of [subtotal, tax, total].entries()) doc.text(money(n), xs[k], y + 14);
    y += 32;
  } else {
    font(false, 9).text(word('net'), lx, y);
    figure(subtotal, s.amountX, y);
    y += 14;
    rates.forEach((r, k) => {
      const base = rates.length > 1 || random() < 0.3 ? ` ${word('on')} ${money(bases[k])}` : '';
      font(false, 9).text(`${plain('tax')} ${percent(r)}${base}`, lx - (base ? 60 : 0), y);
      figure(taxes[k], s.amountX, y);
      y += 14;
    });
    if (rates.length > 1 && taxSum) {
      font(false, 9).text(`${pick(['Summe', 'Total', 'Totale', 'Totaal'])} ${plain('tax')}`, lx, y);
      figure(tax, s.amountX, y);
      y += 14;
    }
    font(bold, 10).text(word('gross'), lx, y + 2);
    figure(total, s.amountX, y + 2);
    y += 18;
  }
  if (random() < 0.5) {
    font(true, 10).text(word('payable'), lx, y + 4);
    figure(total, s.amountX, y + 4);
  }
  return { subtotal, taxAmount: taxSum ? tax : null, totalAmount: total };
}

const BUYER_FORMS = ['', '', 'GmbH', 'SARL', 'Ltd', 'B.V.', 'S.L.'];
const SELLER_LABELS: Record<Lang, string[]> = {
  en: ['From', 'Seller', 'Supplier', 'Issued by'],
  de: ['Lieferant', 'Verkäufer', 'Absender', 'Rechnungssteller'],
  fr: ['Émetteur', 'Vendeur', 'Fournisseur'],
  es: ['Proveedor', 'Emisor', 'Vendedor'],
  nl: ['Leverancier', 'Afzender', 'Verkoper'],
  it: ['Fornitore', 'Cedente', 'Venditore'],
};
const MANAGER: Record<Lang, string> = {
  en: 'Director',
  de: 'Geschäftsführer',
  fr: 'Gérant',
  es: 'Administrador',
  nl: 'Directeur',
  it: 'Amministratore',
};

/**
 * The seller's name and address in one of the places invoices print them: a letterhead (left,
 * right or centred, under an optional "From"-style label), a logo word with the legal name small
 * below it or only in the footer, a one-line "Name · Street · Town" sender line over the buyer's
 * address, or the footer alone (with bank and register details). The buyer's block gets a street
 * and town too, so that its name and address are there to be told apart from the seller's.
 */
function sellerBlock(
  doc: PDFKit.PDFDocument,
  font: (bold: boolean, size: number) => PDFKit.PDFDocument,
  sellerRandom: (() => number) | null,
  s: {
    vendorName: string;
    street: string;
    town: string;
    phone: string | null;
    vx: number;
    nameSize: number;
    lang: Lang;
  },
) {
  if (!sellerRandom) {
    font(true, s.nameSize).text(s.vendorName, s.vx, 40, { width: 230 });
    font(false, 9).text(s.street, s.vx, 70);
    doc.text(s.town, s.vx, 82);
    if (s.phone) doc.text(s.phone, s.vx, 94);
    return {
      buyerLabel: true,
      buyer: (x: number, name: string) => font(false, 9).text(name, x, 228),
      footer: () => {},
    };
  }
  const random = sellerRandom;
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
  const style = pick([
    'letterhead',
    'letterhead',
    'letterhead',
    'centred',
    'logo',
    'sender',
    'footer',
  ] as const);
  const brand = s.vendorName.split(' ')[0];
  const web =
    random() < 0.5
      ? `${pick(['info', 'office', 'billing'])}@${brand.toLowerCase()}.${pick(['com', 'de', 'fr', 'eu'])}`
      : null;
  const block = (x: number, y: number, withName: boolean, size: number) => {
    let at = y;
    if (withName) {
      font(true, size).text(s.vendorName, x, at, { width: 230 });
      at += size + 16;
    }
    font(false, 9).text(s.street, x, at);
    doc.text(s.town, x, at + 12);
    if (s.phone) doc.text(s.phone, x, at + 24);
    if (web) doc.text(web, x, at + (s.phone ? 36 : 24));
  };
  let inFooter = style === 'footer' || style === 'sender' || random() < 0.4;
  if (style === 'letterhead') {
    if (random() < 0.25) font(false, 8).text(`${pick(SELLER_LABELS[s.lang])}:`, s.vx, 28);
    block(s.vx, 40, true, s.nameSize);
  } else if (style === 'centred') {
    font(true, s.nameSize).text(s.vendorName, 40, 40, { width: doc.page.width - 80, align: 'center' });
    font(false, 9).text(`${s.street} · ${s.town}${s.phone ? ` · ${s.phone}` : ''}`, 40, 70, {
      width: doc.page.width - 80,
      align: 'center',
    });
  } else if (style === 'logo') {
    font(true, s.nameSize + 8).text(brand.toUpperCase(), s.vx, 36);
    if (random() < 0.5) block(s.vx, 72, false, 9);
    else inFooter = true;
  } else if (style === 'sender') {
    if (random() < 0.5) font(true, s.nameSize + 6).text(brand, s.vx, 40);
  }
  return {
    buyerLabel: style !== 'sender' || random() < 0.3,
    buyer(x: number, name: string) {
      if (style === 'sender')
        font(false, 6.5).text(`${s.vendorName} · ${s.street} · ${s.town}`, x, 202, { lineBreak: false });
      const form = pick(BUYER_FORMS);
      font(false, 9).text(form ? `${name} ${form}` : name, x, 228);
      font(false, 9).text(
        `${Math.floor(1 + random() * 120)} ${pick(['Oak Avenue', 'Lindenweg', 'avenue Foch', 'Plaza Mayor', 'Dorpsstraat', 'Corso Italia'])}`,
        x,
        241,
      );
      doc.text(
        `${Math.floor(10000 + random() * 89999)} ${pick(['Hamburg', 'Lyon', 'Sevilla', 'Gouda', 'Torino', 'Leeds'])}`,
        x,
        254,
      );
    },
    footer() {
      if (!inFooter) return;
      const y = doc.page.height - 70;
      doc.page.margins.bottom = 0;
      const columns = random() < 0.5;
      if (columns) {
        font(false, 7).text(s.vendorName, 40, y, { lineBreak: false });
        doc.text(s.street, 40, y + 9, { lineBreak: false });
        doc.text(s.town, 40, y + 18, { lineBreak: false });
        doc.text(
          `IBAN DE${Math.floor(10 + random() * 89)} 5001 0517 ${Math.floor(1000 + random() * 8999)} 00`,
          220,
          y,
          {
            lineBreak: false,
          },
        );
        doc.text(`BIC ${pick(['INGDDEFF', 'COBADEFF', 'BNPAFRPP'])}`, 220, y + 9, { lineBreak: false });
        doc.text(`${MANAGER[s.lang]}: ${pick(['A. Weber', 'M. Dubois', 'J. Smith', 'L. Rossi'])}`, 400, y, {
          lineBreak: false,
        });
        doc.text(`HRB ${Math.floor(1000 + random() * 89999)}`, 400, y + 9, { lineBreak: false });
      } else {
        font(false, 7).text(`${s.vendorName} · ${s.street} · ${s.town}`, 40, y, { lineBreak: false });
        doc.text(
          `${MANAGER[s.lang]}: ${pick(['A. Weber', 'M. Dubois', 'J. Smith', 'L. Rossi'])} · HRB ${Math.floor(1000 + random() * 89999)}`,
          40,
          y + 9,
          {
            lineBreak: false,
          },
        );
      }
    },
  };
}

/** `count` synthetic invoices, read by the local engine, ready for training. */
export async function syntheticData(count: number, seed = 2024, tables = false): Promise<DocData[]> {
  const random = rng(seed);
  const sellerRandom = rng(seed + 1);
  const sumsRandom = rng(seed + 2);
  const idRandom = rng(seed + 3);
  const analyzer = new LocalExpenseAnalyzer();
  const out: DocData[] = [];
  // The varied-table set is one set; otherwise the plain invoices, then as many seller-variety ones,
  // as many sums-variety ones, then the identifier-variety ones.
  const total = tables ? count : 3 * count + ID_VARIETY_COUNT;
  for (let k = 0; k < total; k++) {
    const i = k % count;
    const { label, pdf } =
      k < count
        ? makeInvoice(i, random, tables, null)
        : k < 2 * count
          ? makeInvoice(i, sellerRandom, false, 'seller')
          : k < 3 * count
            ? makeInvoice(i, sumsRandom, false, 'sums')
            : makeInvoice(k - 3 * count, idRandom, false, 'ids');
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
          group: label.file,
          label,
        },
        read,
      ),
    );
  }
  return out;
}
