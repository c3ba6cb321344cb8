/**
 * Reads a structured e-invoice: the XML a hybrid e-invoice (ZUGFeRD, Factur-X, XRechnung) carries
 * inside its PDF, or an XRechnung sent as UBL. Its values are the invoice's own data, exact where
 * the page's text or OCR can only be read with some doubt, so the extraction takes them first
 * (see e-invoice.ts).
 *
 * Pure: the XML comes in as bytes, parsed by fast-xml-parser (no native code, no network, no
 * external entities). What is accepted:
 * - UN/CEFACT CII: `CrossIndustryInvoice` (ZUGFeRD 2.x, Factur-X, XRechnung CII) and its
 *   predecessor `CrossIndustryDocument` (ZUGFeRD 1.0), whose element names differ only in the
 *   trade agreement, delivery and settlement blocks;
 * - OASIS UBL 2.x: `Invoice` and `CreditNote` (XRechnung UBL, Peppol BIS).
 *
 * Anything else, or anything malformed, is `null`: the caller then reads the page as before.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { ExtractedFields, ExtractedLineItem } from './types';

/** The largest e-invoice XML read: real ones are tens of KB; a bigger file is not worth the memory. */
export const MAX_E_INVOICE_XML_BYTES = 5 * 1024 * 1024;

/** Line items kept from an XML (the pipeline keeps fewer still, see MAX_LINE_ITEMS). */
const MAX_XML_LINES = 2000;

/** An e-invoice as its XML states it; amounts of a credit note are negative. */
export interface EInvoice extends ExtractedFields {
  lineItems: ExtractedLineItem[];
  /** Which syntax the XML is in. */
  syntax: 'CII' | 'UBL';
  /** A credit note (CII type code 381 and its kind, or UBL `CreditNote`): its amounts were negated. */
  creditNote: boolean;
  /** What is left to pay (CII DuePayableAmount, UBL PayableAmount): differs from the total after prepayments. */
  amountDue: number | null;
}

/**
 * UNTDID 1001 document types EN 16931 reads as credit notes: credited money, never a bill to pay.
 * (381 credit note, 261/262 self-billed and consignment, 296/308/532 credit notes of other kinds,
 * 396 factored, 420/458 optical and forwarder's, 81/83 credit notes for goods, services and price.)
 */
const CREDIT_NOTE_TYPES = new Set([
  '81',
  '83',
  '261',
  '262',
  '296',
  '308',
  '381',
  '396',
  '420',
  '458',
  '532',
]);

/** A parsed element: child elements by local name (always lists), `@_` attributes, `#text`. */
type XmlElement = { [name: string]: XmlValue[] | string | undefined };
type XmlValue = XmlElement | string;

const parser = new XMLParser({
  // Namespace prefixes vary between producers (rsm:, ram:, cbc:, none): only local names are read.
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  // Values stay strings: invoice numbers such as "007" and amounts such as "1.10" must not be reinterpreted.
  parseTagValue: false,
  parseAttributeValue: false,
  // The five XML entities and character references (&#252;). DOCTYPE-declared entities are refused
  // before parsing (see below), so nothing can expand.
  processEntities: true,
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

/** Bytes as text: UTF-8 (what the standards require), or UTF-16 when a byte order mark says so. */
function decode(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

const isElement = (v: XmlValue | undefined): v is XmlElement => typeof v === 'object' && v !== null;

/** The child elements of `node` named `name`. */
function children(node: XmlValue | undefined, name: string): XmlValue[] {
  if (!isElement(node)) return [];
  const found = node[name];
  return Array.isArray(found) ? found : [];
}

/**
 * The elements at a path of local names below `node`; a step may name alternatives (`A|B`), so one
 * path reads both CII generations.
 */
function all(node: XmlValue | undefined, path: string): XmlValue[] {
  let level: XmlValue[] = node === undefined ? [] : [node];
  for (const step of path.split('/')) {
    const names = step.split('|');
    level = level.flatMap((n) => names.flatMap((name) => children(n, name)));
    if (level.length === 0) break;
  }
  return level;
}

/** An element's text, whitespace collapsed; null when empty. */
function textOf(v: XmlValue | undefined): string | null {
  const raw = typeof v === 'string' ? v : isElement(v) && typeof v['#text'] === 'string' ? v['#text'] : '';
  const text = raw.replace(/\s+/g, ' ').trim();
  return text || null;
}

function attrOf(v: XmlValue | undefined, name: string): string | null {
  const value = isElement(v) ? v[`@_${name}`] : undefined;
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** The text of the first element at `path` that has one. */
function text(node: XmlValue | undefined, path: string): string | null {
  for (const v of all(node, path)) {
    const t = textOf(v);
    if (t !== null) return t;
  }
  return null;
}

/** An XML decimal ("1163.40", "-5", "3.0000") as a number; null when it is not one. */
function decimal(value: string | null): number | null {
  if (value === null || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value)) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/**
 * The amount at `path`. Where it repeats with different currencies (CII's TaxTotalAmount once in
 * the invoice's currency and once in the VAT accounting currency), the one in `currency`.
 */
function amount(node: XmlValue | undefined, path: string, currency: string | null): number | null {
  const found = all(node, path).filter((v) => decimal(textOf(v)) !== null);
  const chosen = found.find((v) => currency !== null && attrOf(v, 'currencyID') === currency) ?? found[0];
  return chosen === undefined ? null : decimal(textOf(chosen));
}

/** A calendar date as YYYY-MM-DD from CII's format 102 (YYYYMMDD) or an ISO date; null if not a real day. */
function isoDate(value: string | null): string | null {
  const m = value?.match(/^(\d{4})-?(\d{2})-?(\d{2})(?:$|T)/);
  if (!m) return null;
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * An address as the product writes one: street lines, then postcode and town, then the country
 * code ("Musterstraße 1, 10115 Berlin, DE").
 */
function address(parts: {
  lines: Array<string | null>;
  postcode: string | null;
  city: string | null;
  region?: string | null;
  country: string | null;
}): string | null {
  const town = [parts.postcode, parts.city].filter(Boolean).join(' ');
  const out = [...parts.lines, town, parts.region ?? null, parts.country].filter(
    (p): p is string => typeof p === 'string' && p.length > 0,
  );
  return out.length ? out.join(', ') : null;
}

/** A contact value such as "mailto:x@y.z" or "tel:+49 …" without its scheme. */
const bare = (v: string | null) => (v ? v.replace(/^(mailto|tel):/i, '').trim() || null : null);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface RawLine {
  id: string | null;
  parent: string | null;
  /** CII EXTENDED: DETAIL, GROUP or INFORMATION (a line that counts in no total). */
  status: string | null;
  item: ExtractedLineItem;
}

/**
 * The lines whose totals make the invoice's sum of lines: every line, unless the XML nests sub-lines
 * under group lines (ZUGFeRD EXTENDED), where a group's total repeats its sub-lines'. Then the
 * lowest lines (those no other line names as parent) are kept if they add up to the sum of lines,
 * else the top ones; information-only lines are never kept.
 */
function countedLines(lines: RawLine[], sumOfLines: number | null): ExtractedLineItem[] {
  const counted = lines.filter((l) => l.status?.toUpperCase() !== 'INFORMATION');
  const parents = new Set(counted.map((l) => l.parent).filter((p): p is string => p !== null));
  if (parents.size === 0) return counted.map((l) => l.item);
  const leaves = counted.filter((l) => l.id === null || !parents.has(l.id));
  const top = counted.filter((l) => l.parent === null);
  const adds = (set: RawLine[]) =>
    sumOfLines !== null &&
    Math.abs(set.reduce((s, l) => s + (l.item.totalPrice ?? 0), 0) - sumOfLines) < 0.005;
  const chosen = [leaves, top].find(adds) ?? leaves;
  return chosen.map((l) => l.item);
}

/**
 * A line without a stated price (ZUGFeRD 1.0 BASIC states none) gets its total over its quantity,
 * as the reading of a page does, where that comes out in whole cents.
 */
function withUnitPrice(item: ExtractedLineItem): ExtractedLineItem {
  if (item.unitPrice !== null || item.totalPrice === null || !item.quantity) return item;
  const derived = item.totalPrice / item.quantity;
  return Math.abs(derived * 100 - Math.round(derived * 100)) < 1e-6
    ? { ...item, unitPrice: round(derived, 2) }
    : item;
}

/** A line's unit price: the price for BasisQuantity units (CII) or BaseQuantity (UBL) per one unit. */
function unitPrice(price: number | null, basis: number | null): number | null {
  if (price === null) return null;
  return basis !== null && basis > 0 && basis !== 1 ? round(price / basis, 6) : price;
}

function readCii(root: XmlValue, legacy: boolean): EInvoice | null {
  // ZUGFeRD 1.0 names the header and trade blocks differently; the paths name both.
  const header = all(root, legacy ? 'HeaderExchangedDocument' : 'ExchangedDocument')[0];
  const transaction = all(root, 'SupplyChainTradeTransaction|SpecifiedSupplyChainTradeTransaction')[0];
  if (!header || !transaction) return null;
  const agreement = 'ApplicableHeaderTradeAgreement|ApplicableSupplyChainTradeAgreement';
  const settlementPath = 'ApplicableHeaderTradeSettlement|ApplicableSupplyChainTradeSettlement';
  const settlement = all(transaction, settlementPath)[0];
  const seller = all(transaction, `${agreement}/SellerTradeParty`)[0];

  const currency =
    text(settlement, 'InvoiceCurrencyCode')?.toUpperCase() ??
    attrOf(
      all(
        settlement,
        'SpecifiedTradeSettlementHeaderMonetarySummation|SpecifiedTradeSettlementMonetarySummation/GrandTotalAmount',
      )[0],
      'currencyID',
    )?.toUpperCase() ??
    null;
  const sums = all(
    settlement,
    'SpecifiedTradeSettlementHeaderMonetarySummation|SpecifiedTradeSettlementMonetarySummation',
  )[0];
  const typeCode = text(header, 'TypeCode');
  const creditNote = typeCode !== null && CREDIT_NOTE_TYPES.has(typeCode);

  const postal = all(seller, 'PostalTradeAddress')[0];
  const contact = all(seller, 'DefinedTradeContact')[0];
  const electronic = all(seller, 'URIUniversalCommunication/URIID').find(
    (v) => (attrOf(v, 'schemeID') ?? 'EM').toUpperCase() === 'EM',
  );
  const email = [bare(text(contact, 'EmailURIUniversalCommunication/URIID')), bare(textOf(electronic))].find(
    (e): e is string => e !== null && EMAIL.test(e),
  );

  let taxAmount = amount(sums, 'TaxTotalAmount', currency);
  if (taxAmount === null) {
    // Some producers give only the breakdown per rate: its sum is the same figure.
    const perRate = all(settlement, 'ApplicableTradeTax/CalculatedAmount')
      .map((v) => decimal(textOf(v)))
      .filter((n): n is number => n !== null);
    if (perRate.length)
      taxAmount = round(
        perRate.reduce((s, n) => s + n, 0),
        2,
      );
  }
  const grandTotal = amount(sums, 'GrandTotalAmount', currency);
  const duePayable = amount(sums, 'DuePayableAmount', currency);

  const lines: RawLine[] = all(transaction, 'IncludedSupplyChainTradeLineItem')
    .slice(0, MAX_XML_LINES)
    .map((line) => {
      const doc = all(line, 'AssociatedDocumentLineDocument')[0];
      const lineAgreement = 'SpecifiedLineTradeAgreement|SpecifiedSupplyChainTradeAgreement';
      const net = all(line, `${lineAgreement}/NetPriceProductTradePrice`)[0];
      const gross = all(line, `${lineAgreement}/GrossPriceProductTradePrice`)[0];
      const price = net ?? gross;
      const lineSums =
        'SpecifiedLineTradeSettlement|SpecifiedSupplyChainTradeSettlement/SpecifiedTradeSettlementLineMonetarySummation|SpecifiedTradeSettlementMonetarySummation';
      return {
        id: text(doc, 'LineID'),
        parent: text(doc, 'ParentLineID'),
        status: text(doc, 'LineStatusReasonCode'),
        item: {
          description:
            text(line, 'SpecifiedTradeProduct/Name') ?? text(line, 'SpecifiedTradeProduct/Description') ?? '',
          quantity: decimal(
            text(line, 'SpecifiedLineTradeDelivery|SpecifiedSupplyChainTradeDelivery/BilledQuantity'),
          ),
          unitPrice: unitPrice(
            amount(price, 'ChargeAmount', currency),
            decimal(text(price, 'BasisQuantity')),
          ),
          totalPrice: amount(line, `${lineSums}/LineTotalAmount`, currency),
        },
      };
    });

  return signed({
    syntax: 'CII',
    creditNote,
    vendorName: text(seller, 'Name') ?? text(seller, 'SpecifiedLegalOrganization/TradingBusinessName'),
    vendorAddress: address({
      lines: [text(postal, 'LineOne'), text(postal, 'LineTwo'), text(postal, 'LineThree')],
      postcode: text(postal, 'PostcodeCode'),
      city: text(postal, 'CityName'),
      country: text(postal, 'CountryID'),
    }),
    vendorEmail: email ?? null,
    vendorPhone: bare(text(contact, 'TelephoneUniversalCommunication/CompleteNumber')),
    invoiceNumber: text(header, 'ID'),
    invoiceDate: isoDate(text(header, 'IssueDateTime/DateTimeString')),
    dueDate:
      all(settlement, 'SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString')
        .map((v) => isoDate(textOf(v)))
        .find((d) => d !== null) ?? null,
    subtotal: amount(sums, 'TaxBasisTotalAmount', currency),
    taxAmount,
    totalAmount: grandTotal ?? duePayable,
    amountDue: duePayable,
    currency,
    lineItems: countedLines(lines, amount(sums, 'LineTotalAmount', currency)).map(withUnitPrice),
  });
}

function readUbl(root: XmlValue, rootName: 'Invoice' | 'CreditNote'): EInvoice | null {
  const invoiceNumber = text(root, 'ID');
  if (invoiceNumber === null) return null;
  const currency = text(root, 'DocumentCurrencyCode')?.toUpperCase() ?? null;
  const typeCode = text(root, rootName === 'Invoice' ? 'InvoiceTypeCode' : 'CreditNoteTypeCode');
  const creditNote = rootName === 'CreditNote' || (typeCode !== null && CREDIT_NOTE_TYPES.has(typeCode));
  const party = all(root, 'AccountingSupplierParty/Party')[0];
  const postal = all(party, 'PostalAddress')[0];
  const contact = all(party, 'Contact')[0];
  const totals = all(root, 'LegalMonetaryTotal')[0];
  const endpoint = all(party, 'EndpointID').find((v) => attrOf(v, 'schemeID')?.toUpperCase() === 'EM');
  const email = [bare(text(contact, 'ElectronicMail')), bare(textOf(endpoint))].find(
    (e): e is string => e !== null && EMAIL.test(e),
  );
  // The document's VAT total: a TaxTotal repeats in the VAT accounting currency when that differs.
  const taxTotals = all(root, 'TaxTotal/TaxAmount');
  const tax =
    taxTotals.find((v) => currency !== null && attrOf(v, 'currencyID') === currency) ?? taxTotals[0];
  const lineName = rootName === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const lines = all(root, lineName)
    .slice(0, MAX_XML_LINES)
    .map((line) => ({
      description: text(line, 'Item/Name') ?? text(line, 'Item/Description') ?? '',
      quantity: decimal(text(line, rootName === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity')),
      unitPrice: unitPrice(
        amount(line, 'Price/PriceAmount', currency),
        decimal(text(line, 'Price/BaseQuantity')),
      ),
      totalPrice: amount(line, 'LineExtensionAmount', currency),
    }));
  const payable = amount(totals, 'PayableAmount', currency);
  return signed({
    syntax: 'UBL',
    creditNote,
    vendorName: text(party, 'PartyLegalEntity/RegistrationName') ?? text(party, 'PartyName/Name'),
    vendorAddress: address({
      lines: [
        text(postal, 'StreetName'),
        text(postal, 'AdditionalStreetName'),
        ...all(postal, 'AddressLine/Line').map(textOf),
      ],
      postcode: text(postal, 'PostalZone'),
      city: text(postal, 'CityName'),
      country: text(postal, 'Country/IdentificationCode'),
    }),
    vendorEmail: email ?? null,
    vendorPhone: bare(text(contact, 'Telephone')),
    invoiceNumber,
    invoiceDate: isoDate(text(root, 'IssueDate')),
    dueDate: isoDate(text(root, 'DueDate')) ?? isoDate(text(root, 'PaymentMeans/PaymentDueDate')),
    subtotal: amount(totals, 'TaxExclusiveAmount', currency),
    taxAmount: tax === undefined ? null : decimal(textOf(tax)),
    totalAmount: amount(totals, 'TaxInclusiveAmount', currency) ?? payable,
    amountDue: payable,
    currency,
    lineItems: lines.map(withUnitPrice),
  });
}

/** A credit note's amounts as the product keeps them: negative (money owed to the organization). */
function signed(x: EInvoice): EInvoice {
  if (!x.creditNote) return x;
  const neg = (n: number | null) => (n === null || n === 0 ? n : -n);
  return {
    ...x,
    subtotal: neg(x.subtotal),
    taxAmount: neg(x.taxAmount),
    totalAmount: neg(x.totalAmount),
    amountDue: neg(x.amountDue),
    lineItems: x.lineItems.map((l) => ({ ...l, unitPrice: neg(l.unitPrice), totalPrice: neg(l.totalPrice) })),
  };
}

/**
 * The e-invoice in `xml`, or null when it is not one: too big (over MAX_E_INVOICE_XML_BYTES), not
 * well-formed, declaring a DTD (e-invoice schemas allow none; refusing it rules out entity
 * expansion and external entities), or with a root that is neither CII nor UBL. Never throws.
 */
export function parseEInvoiceXml(xml: Uint8Array): EInvoice | null {
  if (xml.byteLength === 0 || xml.byteLength > MAX_E_INVOICE_XML_BYTES) return null;
  try {
    const source = decode(xml);
    if (/<!DOCTYPE|<!ENTITY/i.test(source)) return null;
    if (XMLValidator.validate(source) !== true) return null;
    const doc = parser.parse(source) as XmlElement;
    for (const [name, value] of Object.entries(doc)) {
      const root = Array.isArray(value) ? value[0] : undefined;
      if (!isElement(root)) continue;
      if (name === 'CrossIndustryInvoice') return readCii(root, false);
      if (name === 'CrossIndustryDocument') return readCii(root, true);
      if (name === 'Invoice' || name === 'CreditNote') return readUbl(root, name);
    }
    return null;
  } catch {
    // A parser failure on odd input is the same as malformed XML: read the page instead.
    return null;
  }
}
