// The sums blocks of the 'sums' variety (see synthetic.ts).
import { ITEMS, type Lang, PLAIN_ITEMS, WORDS } from './synthetic-wording';

/** An amount rounded to cents. */
export const r2 = (n: number) => Math.round(n * 100) / 100;

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
export function sumsBlock(
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
