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
  'BAKERY',
  'BAKERIES',
  'HYPERMARKET',
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
        // A capital starting a word of its own ("TotalRM", "MusterstraßeBerlin"), not a lone capital
        // ending one: "GmbH", "mbH&Co." keep theirs.
        .replace(/(\p{Ll})(\p{Lu})(?=\p{L})/gu, '$1 $2')
        .replace(/(\p{L}{3,})(\d)/gu, '$1 $2')
        .replace(/(\d)(\p{L}{3,})/gu, '$1 $2')
        .replace(/([,;])(?=\p{L})/gu, '$1 ')
        // "BAKERIES(KL)SDNBHD": a bracketed part is a word of its own.
        .replace(/(\p{L})\((?=\p{L}{1,4}\))/gu, '$1 (')
        .replace(/(\(\p{L}{1,4}\))(?=\p{L})/gu, '$1 ')
        .replace(/\bSDN\.?BHD\b|(?<=\s)SDNBHD/g, (m) => (m.includes('.') ? 'SDN. BHD' : 'SDN BHD'));
      t = t
        .split(' ')
        .map((part) => (/^[A-Z]{9,}/.test(part) ? part.replace(/^[A-Z]+/, (run) => splitRun(run)) : part))
        .join(' ');
      return t;
    })
    .join(' ');
}

/** A currency, or a total, cash or change label: what stands before an amount on a receipt's line. */
const AMOUNT_LEADS = String.raw`RM|MYR|USD|SGD|EUR|\$|TOTAL|CASH|CHANGE`;
const HYPHENATED_AMOUNT_AFTER_LEAD = new RegExp(
  String.raw`\b(${AMOUNT_LEADS})(:?\s?)(\d{1,6})-(\d{2})(?![\d/.-])`,
  'gi',
);

/**
 * Repairs OCR misreadings that hide dates, times and totals from the field rules: a time run
 * into the year before it ("25/12/20188:13:39PM", "12 Mar 201818:19", "21/02/1811:19"), a number
 * run into the date after it ("100021911/03/2018"), a hyphen read for the decimal point of an
 * amount after a currency or a total, cash or change label ("RM 14-10", "TOTAL 52-00"), the usual
 * letter confusions in "Total" ("Totai", "Tolal") and a "ß" read as "B".
 */
export function repairOcrText(text: string): string {
  return (
    text
      // A 4-digit year (19xx/20xx) followed directly by H:MM or HH:MM.
      .replace(
        /(\d{1,2}\s?[/.-]?\s?(?:\d{1,2}|\p{L}{3,9}\.?)\s?[/.-]?\s?(?:19|20)\d{2})(?=\d{1,2}:\d{2})/gu,
        '$1 ',
      )
      // A 2-digit year followed by HH:MM: four digits before a colon cannot all be the year
      // ("21/02/1811:19", "15 Jun 1809:08:37PM").
      .replace(/(\b\d{1,2}[/.-]\d{1,2}[/.-]\d{2})(?=\d{2}:\d{2})/g, '$1 ')
      .replace(/(\b\d{1,2}\s?(?:[A-Za-z]{3}|[A-Za-z]{4,9}\.?)\s?\d{2})(?=\d{2}:\d{2})/g, '$1 ')
      // A zero read for the O of a month: "0ct 3,2016", "N0V".
      .replace(/\b0(ct|CT|ctober|CTOBER)\b/g, 'O$1')
      .replace(/\b([Nn])0(v|vember)\b/g, '$1o$2')
      .replace(/\bN0(V|VEMBER)\b/g, 'NO$1')
      // Digits before a DD/MM/YYYY date: no day has three digits, so the last two start the date.
      .replace(/(\d{3,})(\d{2}\/\d{2}\/(?:19|20)\d{2})(?!\d)/g, '$1 $2')
      // "REG #19-18/01/2018": a slashed date hyphenated onto the number before it.
      .replace(/(\d)-(\d{1,2}\/\d{1,2}\/(?:19|20)\d{2})(?!\d)/g, '$1 $2')
      .replace(HYPHENATED_AMOUNT_AFTER_LEAD, '$1$2$3.$4')
      .replace(/\b[Tt][o0O][tlfTLF][a4A][il1|IL](?=\b|[^a-z])/g, (m) => (/[a-z]/.test(m) ? 'Total' : 'TOTAL'))
      // The recogniser has no "ß" and reads it as "B": a capital B inside a lower-case word, before
      // a German ending, is one ("MusterstraBe 42", "GroBe", "StraBen").
      .replace(/(?<=\p{Ll}{2})Be(?=[nrsm]?(?!\p{L}))/gu, 'ße')
  );
}

const LEADS_AN_AMOUNT = new RegExp(`^(?:${AMOUNT_LEADS}|€):?$`, 'i');
const HYPHENATED_AMOUNT = /^(\d{1,6})-(\d{2})$/;

/**
 * The hyphen-for-point repair of {@link repairOcrText} where OCR read the amount as a run of its own
 * ("RM" | "14-10"): the amount is repaired when the word before it on its line leads an amount.
 * `words` are one line's, left to right.
 */
export function repairSplitAmounts<W extends { text: string }>(words: W[]): W[] {
  return words.map((word, i) =>
    i > 0 && HYPHENATED_AMOUNT.test(word.text) && LEADS_AN_AMOUNT.test(words[i - 1].text)
      ? { ...word, text: word.text.replace(HYPHENATED_AMOUNT, '$1.$2') }
      : word,
  );
}
