/**
 * PP-OCRv4 often drops the spaces between words ("TRIPLESIXPOINTENTERPRISE666"). These rules put
 * them back where the evidence is strong: a lower-case letter followed by a capital, letters next
 * to digits, and words of a small general vocabulary of business and address terms found inside
 * a long all-capitals run.
 */

// Business-form and address words that commonly run together on receipts and invoices (≥ 4
// letters, so they are not found by accident inside other words), plus "SDN BHD".
const VOCABULARY = [
  'INTERNATIONAL',
  'ENTERPRISE',
  'ENTERPRISES',
  'TRADING',
  'RESTAURANT',
  'RESTORAN',
  'STATIONERY',
  'HARDWARE',
  'SUPERMARKET',
  'MARKETING',
  'SERVICES',
  'HOLDINGS',
  'INDUSTRIES',
  'COMPANY',
  'CENTRE',
  'CENTER',
  'PLAZA',
  'STREET',
  'ROAD',
  'AVENUE',
  'JALAN',
  'TAMAN',
  'BANDAR',
  'KAWASAN',
  'PERINDUSTRIAN',
  'KUALA',
  'LUMPUR',
  'SELANGOR',
  'JOHOR',
  'BAHRU',
  'DARUL',
  'EHSAN',
  'PETALING',
  'PUCHONG',
  'CHERAS',
  'KAJANG',
  'KLANG',
  'SHAH',
  'ALAM',
  'SERI',
  'KEMBANGAN',
  'PULAU',
  'PINANG',
  'MELAKA',
  'PAHANG',
  'NEGERI',
  'SEMBILAN',
  'PERAK',
  'KEDAH',
  'SABAH',
  'SARAWAK',
  'MALAYSIA',
  'SINGAPORE',
  'UTAMA',
  'BARU',
  'JAYA',
  'INDAH',
  'TASIK',
  'MEDAN',
  'NIAGA',
  'PERMAS',
  'TOTAL',
  'AMOUNT',
  'INVOICE',
  'RECEIPT',
  'CASH',
  'CHANGE',
  'ROUNDING',
  'ADJUSTMENT',
  'QUANTITY',
  'PRICE',
  'DISCOUNT',
  'SUBTOTAL',
  'BOOK',
  'BOOKS',
  'STORE',
  'MART',
  'SHOP',
  'GIFT',
  'HOME',
  'DECO',
  'FOOD',
  'KITCHEN',
  'BAKERY',
  'CAFE',
  'MINI',
  'MARKET',
  'TRADERS',
  'SDNBHD',
].sort((a, b) => b.length - a.length);

function splitRun(run: string): string {
  let out = run;
  for (const word of VOCABULARY) {
    if (out.length < word.length + 2) continue;
    out = out.replace(new RegExp(`(?<=[A-Z])${word}|${word}(?=[A-Z])`, 'g'), (m) => ` ${m} `);
  }
  return out
    .replace(/SDNBHD/g, 'SDN BHD')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The text with likely missing spaces restored. */
export function restoreSpaces(text: string): string {
  return text
    .split(' ')
    .map((token) => {
      if (token.length < 8) return token;
      let t = token
        .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
        .replace(/(\p{L}{3,})(\d)/gu, '$1 $2')
        .replace(/(\d)(\p{L}{3,})/gu, '$1 $2')
        .replace(/([,;])(?=\p{L})/gu, '$1 ');
      t = t
        .split(' ')
        .map((part) => (/^[A-Z]{9,}/.test(part) ? part.replace(/^[A-Z]+/, (run) => splitRun(run)) : part))
        .join(' ');
      return t;
    })
    .join(' ');
}
