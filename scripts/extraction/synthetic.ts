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
import { identifierVariety } from './synthetic-identifiers';
import { sellerBlock } from './synthetic-seller';
import { r2, sumsBlock } from './synthetic-sums';
import {
  CURRENCIES,
  DETAILS,
  FORMS,
  ITEMS,
  type Lang,
  PAYMENT_LINES,
  PLAIN_ITEMS,
  SELLERS,
  TRADES,
  UOM,
  WORDS,
} from './synthetic-wording';

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
