import { describe, expect, it } from 'vitest';
import { groupIntoLines, type LayoutPage, splitRun } from '../text-layout';
import { detectExpenseDocument } from './document';

/** A receipt page from text lines: 10 px per character, 30 px per row, left-aligned at x = 40. */
function receipt(rows: string[]): LayoutPage {
  const words = rows.flatMap((text, i) =>
    text.split(/ {2,}/).flatMap((segment) => {
      // Two spaces or more start a right-aligned column (an amount).
      const right = segment !== text.split(/ {2,}/)[0];
      const x0 = right ? 560 - segment.length * 10 : 40;
      return splitRun(segment, {
        x0,
        x1: x0 + segment.length * 10,
        y0: 20 + i * 30,
        y1: 40 + i * 30,
        confidence: 95,
      });
    }),
  );
  return {
    page: 1,
    width: 600,
    height: 40 + rows.length * 30,
    lines: groupIntoLines(1, words),
    source: 'ocr',
  };
}

function field(rows: string[], type: string): string | undefined {
  const doc = detectExpenseDocument([receipt(rows)]);
  return doc.SummaryFields?.find((f) => f.Type?.Text === type)?.ValueDetection?.Text;
}

const SHOP = [
  'mei ling',
  'KEDAI RUNCIT MAJU JAYA',
  'Company Reg No.: 123456-X',
  '05 Jan 2024 10:15',
  'Home of fresh bread',
  '12, JALAN BUNGA 3,',
  'TAMAN MELATI,',
  '53100 KUALA LUMPUR',
  'TEL: 03-1234 5678',
  'CASH BILL',
];

describe('receipt fields', () => {
  it('takes the printed shop name, not a lower-case note above it or the registration line', () => {
    expect(field([...SHOP, 'TOTAL  RM 9.00'], 'VENDOR_NAME')).toBe('KEDAI RUNCIT MAJU JAYA');
  });

  it('reads the address from the first street line, past registration, date stamp and tagline', () => {
    expect(field([...SHOP, 'TOTAL  RM 9.00'], 'VENDOR_ADDRESS')).toBe(
      '12, JALAN BUNGA 3\nTAMAN MELATI\n53100 KUALA LUMPUR',
    );
  });

  it('prefers the rounded total to the unrounded one', () => {
    const rows = [...SHOP, 'TOTAL  26.62', 'ROUNDED TOTAL  26.60', 'CASH  50.00', 'CHANGE  23.40'];
    expect(field(rows, 'TOTAL')).toBe('26.60');
  });

  it('applies a rounding adjustment printed under the total', () => {
    const rows = [
      ...SHOP,
      'TOTAL AMT  RM 45.67',
      'ROUNDING ADJ  -0.02',
      'RM 45.65',
      'CASH  RM 50.00',
      'CHANGE  RM 4.35',
    ];
    expect(field(rows, 'TOTAL')).toBe('RM 45.65');
  });

  it('keeps the largest total when no rounding is shown', () => {
    const rows = [...SHOP, 'TOTAL  RM 45.67', 'CASH  RM 50.00', 'CHANGE  RM 4.33'];
    expect(field(rows, 'TOTAL')).toBe('RM 45.67');
  });

  it('joins a company name printed over two lines', () => {
    const rows = [
      'POPULAR BOOK',
      'CO. (M) SDN BHD',
      '(113825-W)',
      'NO 8, JALAN 7/118B,',
      '56000 KUALA LUMPUR',
      'TOTAL  RM 9.00',
    ];
    expect(field(rows, 'VENDOR_NAME')).toBe('POPULAR BOOK CO. (M) SDN BHD');
  });

  it('reads a receipt that prints only a subtotal (tax included) as its total', () => {
    const rows = [
      ...SHOP,
      'NASI LEMAK  8.50',
      'TEH TARIK  2.20',
      'SUBTOTAL  10.70',
      'CASH  20.00',
      'CHANGE  9.30',
      'INC 6% GST  0.61',
    ];
    expect(field(rows, 'TOTAL')).toBe('10.70');
  });

  it('does not take an article code for the date', () => {
    const rows = [
      ...SHOP.filter((r) => !/Jan/.test(r)),
      'GB06-24/288 9064350  0.90',
      '19-04-18 18:04 SH01 T1',
      'TOTAL  RM 0.90',
    ];
    expect(field(rows, 'INVOICE_RECEIPT_DATE')).toBe('19-04-18');
  });
});

/** A page from rows of [x, text] cells: 10 px per character, 30 px per row. */
function placed(rows: Array<Array<[number, string]>>): LayoutPage {
  const words = rows.flatMap((cells, i) =>
    cells.flatMap(([x0, text]) =>
      splitRun(text, { x0, x1: x0 + text.length * 10, y0: 20 + i * 30, y1: 40 + i * 30, confidence: 95 }),
    ),
  );
  return {
    page: 1,
    width: 800,
    height: 40 + rows.length * 30,
    lines: groupIntoLines(1, words),
    source: 'pdf-text',
  };
}

function fieldOf(page: LayoutPage, type: string): string | undefined {
  return detectExpenseDocument([page]).SummaryFields?.find((f) => f.Type?.Text === type)?.ValueDetection
    ?.Text;
}

describe('vendor name', () => {
  it('takes the shop\'s own name over the company named under an "Owned by" label', () => {
    const rows = [
      'MAJU STATIONERY SHOP',
      'NO. 5, JALAN SETIA 3,',
      '40170 SETIA ALAM',
      'TEL: 03-1234 5678',
      'Owned By :',
      'MAJU SUPPLY SDN BHD (123456-K)',
      'TAX INVOICE',
      'TOTAL  RM 9.00',
    ];
    expect(field(rows, 'VENDOR_NAME')).toBe('MAJU STATIONERY SHOP');
  });

  it('names the firm of a legal notice in the footer rather than a department in the header', () => {
    const rows = [
      'Acme Service Clients',
      '75371 Paris Cedex 08',
      'Facture n°562044 du 02 Juillet 2015',
      'Total facture  29.99',
      'Acme SAS au capital de 3.441.812 Euros - B 421 938 861 RCS Paris - Siège social: 8 rue de la Paix 75008 Paris',
    ];
    expect(field(rows, 'VENDOR_NAME')).toBe('Acme SAS');
  });

  it('takes the payee of a "Payment received by" line over the firm payments are routed to', () => {
    const rows = [
      'PAYMENT RECEIPT',
      'Guest Name: Anna  Date: 31/12/2017',
      'Room Charges  Rs 1939',
      'Grand Total  Rs 1939',
      'Payment received by ZIPSTAY  Rs 1939',
      'Note: All payment to be made in favour of',
      'Zenith Holdings Pvt. Ltd.',
      'Email: help@zipstay.com',
    ];
    expect(field(rows, 'VENDOR_NAME')).toBe('ZIPSTAY');
  });

  it('does not read "KG." (kampung) at the start of an address line as a legal form', () => {
    const rows = [
      'SIN HUAT & COMFANY',
      'NO.54, BATU 5, JALAN IPOH,',
      'KG.BATU,',
      '51200 KUALA LUMPUR',
      'TOTAL  9.00',
    ];
    expect(field(rows, 'VENDOR_NAME')).toBe('SIN HUAT & COMFANY');
  });

  it('keeps a branch printed above a complete company name out of the name', () => {
    const rows = [
      'SEAVIEW - THE MALL',
      'KEDAI MAKAN SRI JAYA SDN BHD',
      '(1168272-U)',
      'LOT 5, JALAN 2',
      'TOTAL  9.00',
    ];
    expect(field(rows, 'VENDOR_NAME')).toBe('KEDAI MAKAN SRI JAYA SDN BHD');
  });

  it('reads the seller from the "Name:" key of a labelled seller block, not a key or the buyer', () => {
    const rows = [
      'Rechnung Nr. 4711 vom 13.06.2024',
      'Verkäufer',
      'Nummer:  549910',
      'Globale Nummer:  4000001123452',
      'Name:  Nordlicht Dachbau',
      'Anschrift:  Hafenstraße 20',
      'Käufer',
      'Nummer:  GE2020211',
      'Name:  Kunden AG Mitte',
      'Gesamtbetrag  119,00',
    ];
    expect(field(rows, 'VENDOR_NAME')).toBe('Nordlicht Dachbau');
  });

  it('reads the address from the "Anschrift:" key of a labelled block, without the other keys\' values', () => {
    const rows = [
      'Rechnung Nr. 4711 vom 13.06.2024',
      'Verkäufer',
      'Name:  Nordlicht Dachbau',
      'Handelsregister:  HRB 45678',
      'Ansprechpartner:  Kontaktperson',
      'Anschrift:  Hafenstraße 20',
      '  DE 20095 Hamburg',
      'Telefon:  5578',
      'USt.-Id.-Nr.:  DE123456789',
      'Käufer',
      'Name:  Kunden AG Mitte',
      'Anschrift:  Lindenweg 3',
      'Gesamtbetrag  119,00',
    ];
    expect(field(rows, 'VENDOR_ADDRESS')).toBe('Hafenstraße 20\nDE 20095 Hamburg');
  });

  it('reads no seller address from a delivery address block ("Adresse de livraison")', () => {
    const rows = [
      'Au Jardin Fleuri',
      '12 rue des Lilas',
      '75011 Paris',
      'Adresse de livraison',
      'Boutique Centrale',
      '35 avenue Foch',
      '69006 Lyon',
      'FACTURE',
      'Total TTC  120,00',
    ];
    expect(field(rows, 'VENDOR_ADDRESS')).toBe('12 rue des Lilas\n75011 Paris');
  });

  it('ends an address at an identifier line (GLN, VAT ID)', () => {
    const rows = [
      'Nordlicht Dachbau GmbH',
      'Hafenstraße 20',
      '20095 Hamburg',
      'GLN 4000001123452',
      'RECHNUNG',
      'Gesamtbetrag  119,00',
    ];
    expect(field(rows, 'VENDOR_ADDRESS')).toBe('Hafenstraße 20\n20095 Hamburg');
  });

  it('reads a label word followed by a legal form as a name ("Lieferant GmbH")', () => {
    const rows = ['Seller', 'Name:  Lieferant GmbH', 'Street:  Lieferantenstraße 20', 'Total  119,00'];
    expect(field(rows, 'VENDOR_NAME')).toBe('Lieferant GmbH');
  });
});

describe('amounts', () => {
  it('takes the amount to pay over larger partial sums and the cash handed over', () => {
    const supplies = [
      ...SHOP,
      'Total 0% supplies:  39.01',
      'Total 6% supplies (excl. GST):  -17.73',
      'GST:  -1.07',
      'Total 6% supplies (Inc. GST):  -18.80',
      'Total Payable:  20.21',
    ];
    expect(field(supplies, 'TOTAL')).toBe('20.21');
    const paid = [
      ...SHOP,
      'Total (Incl GST)  RM21.83',
      'Grand Total  RM21.85',
      'Total Paid  RM50.00',
      'Change  RM28.15',
    ];
    expect(field(paid, 'TOTAL')).toBe('RM21.85');
    const accepted = [...SHOP, 'Amount Incl. GST  5.00', 'Accepted Total  10.00', 'Change  5.00'];
    expect(field(accepted, 'TOTAL')).toBe('5.00');
  });

  it('reads a total printed on the row of another total-like label', () => {
    const page = placed([
      [[40, 'KEDAI RUNCIT MAJU JAYA']],
      [
        [40, 'TOTAL SAVING: 0.00'],
        [400, 'TOTAL'],
        [560, '6.85'],
      ],
      [
        [40, 'TAX TOTAL:'],
        [560, '0.39'],
      ],
    ]);
    expect(fieldOf(page, 'TOTAL')).toBe('6.85');
  });

  it('reads subtotal and tax from the columns of a totals row (HT / TVA / TTC)', () => {
    const page = placed([
      [[40, 'Acme Télécom SAS']],
      [
        [300, 'Montant EUR HT'],
        [470, 'Montant TVA'],
        [640, 'Montant EUR TTC'],
      ],
      [
        [40, 'Abonnements'],
        [340, '24.99'],
        [500, '5.00'],
        [680, '29.99'],
      ],
      [
        [40, 'Total facture'],
        [340, '24.99'],
        [500, '5.00'],
        [680, '29.99'],
      ],
    ]);
    expect(fieldOf(page, 'SUBTOTAL')).toBe('24.99');
    expect(fieldOf(page, 'TAX')).toBe('5.00');
    expect(fieldOf(page, 'TOTAL')).toBe('29.99');
    // The row's price is the amount including tax; neither the tax nor the amount before it is a unit price.
    const [row] = detectExpenseDocument([page]).LineItemGroups?.[0]?.LineItems ?? [];
    const cells = Object.fromEntries(
      (row?.LineItemExpenseFields ?? []).map((f) => [f.Type?.Text, f.ValueDetection?.Text]),
    );
    expect(cells).toMatchObject({ ITEM: 'Abonnements', PRICE: '29.99' });
    expect(cells.UNIT_PRICE).toBeUndefined();
  });

  it('takes the sum of the taxes over one rate\'s tax ("Total taxes")', () => {
    const rows = [
      'Total HT  624,90 €',
      'TVA 20,0%  16,38 €',
      'TVA 5,5%  29,87 €',
      'Total taxes  46,25 €',
      'Total TTC  671,15 €',
    ];
    expect(field(rows, 'TAX')).toBe('46,25');
  });

  it('reads subtotal labels in several languages', () => {
    for (const label of [
      'Sous-total',
      'Zwischensumme',
      'Subtotaal',
      'Net amount',
      'Total HT',
      'Nettobetrag',
    ]) {
      expect(field([...SHOP, `${label}  100.00`, 'VAT 20%  20.00', 'TOTAL  120.00'], 'SUBTOTAL'), label).toBe(
        '100.00',
      );
    }
  });

  it('takes the figure in the document currency when amounts are shown in two', () => {
    const page = placed([
      [[40, 'PAYMENT CURRENCY: USD']],
      [
        [380, 'USD'],
        [480, 'EUR'],
      ],
      [
        [40, 'PURCHASES'],
        [370, '119.95'],
        [470, '109.15'],
      ],
      [
        [40, 'TOTAL AT CHECKOUT'],
        [370, '119.95'],
        [470, '109.15'],
      ],
      [[40, 'All payments are taken in USD.']],
    ]);
    expect(fieldOf(page, 'TOTAL')).toBe('119.95');
  });

  it('reads a subtotal that includes the tax printed after it as the total', () => {
    const shown = [...SHOP, 'SUBTOTAL  RM53.60', 'TAXABLE AMOUNT  RM50.57', '6% GST  RM3.03'];
    expect(field(shown, 'TOTAL')).toBe('RM53.60');
    // The tax misread ("RM3. 03"): the lower before-tax amount still shows it is included.
    const misread = [...SHOP, 'SUBTOTAL  RM53.60', 'TAXABLE AMOUNT  RM50.57', '6% GST  RM3. 03'];
    expect(field(misread, 'TOTAL')).toBe('RM53.60');
  });

  it('reads a bare "Due" as the amount due, and no misread zero as the total', () => {
    const rows = [...SHOP, 'SUB-TOTAL  49.06', 'GST  2.94', 'TOTAL  52 -00', 'Due  52.00'];
    expect(field(rows, 'AMOUNT_DUE')).toBe('52.00');
    expect(field(rows, 'TOTAL')).toBeUndefined();
  });
});

describe('ids and dates', () => {
  it('joins a booking code that OCR split into letters and digits', () => {
    const page = placed([
      [[40, 'PAYMENT RECEIPT']],
      [[300, 'Booking ID']],
      [
        [300, 'ZKQW 2087'],
        [450, 'Cash at Hotel'],
      ],
    ]);
    expect(fieldOf(page, 'INVOICE_RECEIPT_ID')).toBe('ZKQW2087');
  });

  it('does not take a points expiry years after the sale for the date', () => {
    const rows = [
      ...SHOP.filter((r) => !/Jan/.test(r)),
      '18-01-2018 15:44:46 Cashier: 888',
      'TOTAL  RM 41.95',
      'POINTS EXPIRY  31/10/2020',
      '136  30/11/2020',
    ];
    expect(field(rows, 'INVOICE_RECEIPT_DATE')).toBe('18-01-2018');
  });

  it('tells the invoice date from the due date in French ("Date de facture", "Date d\'échéance")', () => {
    const rows = [
      'Facture FA-2017-0010',
      'Date de facture  13/11/2017',
      "Date d'échéance  13/12/2017",
      'Total TTC  671,15 €',
    ];
    expect(field(rows, 'INVOICE_RECEIPT_DATE')).toBe('13/11/2017');
    expect(field(rows, 'DUE_DATE')).toBe('13/12/2017');
  });
});
