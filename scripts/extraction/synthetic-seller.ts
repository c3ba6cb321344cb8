// The seller's and buyer's blocks of the 'seller' variety (see synthetic.ts).
import type { Lang } from './synthetic-wording';

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
export function sellerBlock(
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
