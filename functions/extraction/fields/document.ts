import type { ExpenseBlock, ExpenseDocument, ExpenseField } from '../../core/extraction/expense-types';
import { dateOrderForCurrency, detectCurrency, parseDate } from '../../core/extraction/parse-values';
import type { LayoutPage } from '../text-layout';
import { detectAmounts } from './amounts';
import { detectAddress, detectEmail, detectPhone } from './contact';
import { detectDates } from './dates';
import { INVOICE_ID_LABELS } from './labels';
import { type DocLine, docLines, geometryOf, segKey } from './lines';
import { receiverZone } from './receiver';
import { headerColumns } from './table/header';
import { detectLineItems } from './table/items';
import { detectAccountFields } from './utility';
import { type Found, findLabelled, firstBy, readId } from './values';
import { detectVendor } from './vendor';

/**
 * The rule-based field detector: finds the invoice fields in positioned text lines and reports them
 * the way Textract's AnalyzeExpense does (SummaryFields with label and value detections,
 * LineItemGroups, LINE blocks), so that one Normalize step serves both engines. It reads general
 * invoice conventions only (labels in en/de/fr/nl/ms, the issuer at the top or next to a "from"
 * label, the receiver after a "bill to" label, tables under a header row); each field's decision
 * lives in its own module, and the learned scorer (`model.ts`) may replace some of its fields.
 */

function toField(f: Found, currency?: { Code: string; Confidence: number }): ExpenseField {
  return {
    Type: { Text: f.type, Confidence: Math.round(f.confidence * 10) / 10 },
    ...(f.label
      ? {
          LabelDetection: {
            Text: f.label.text,
            Confidence: Math.round(f.confidence * 10) / 10,
            Geometry: geometryOf(f.label.box, f.line),
          },
        }
      : {}),
    ValueDetection: {
      Text: f.value,
      Confidence: Math.round(f.confidence * 10) / 10,
      Geometry: geometryOf(f.valueBox, f.line),
    },
    PageNumber: f.line.page,
    ...(currency ? { Currency: currency } : {}),
    ...(f.groups ? { GroupProperties: [{ Types: f.groups, Id: `${f.groups[0].toLowerCase()}-1` }] } : {}),
  };
}

/**
 * Detects the invoice fields on the given pages and returns one AnalyzeExpense ExpenseDocument.
 */
export function detectExpenseDocument(pages: LayoutPage[]): ExpenseDocument {
  const lines = docLines(pages);
  const receivers = receiverZone(lines);
  const headerLines = new Set(lines.filter((l) => headerColumns(l)).map((l) => l.index));
  const isHeader = (l: DocLine) => headerLines.has(l.index);
  const fields: Found[] = [];

  const vendor = detectVendor(lines, receivers);
  if (vendor) {
    fields.push({
      type: 'VENDOR_NAME',
      value: vendor.name,
      valueBox: vendor.box,
      line: vendor.line,
      confidence: vendor.confidence,
      groups: ['VENDOR'],
    });
    const address = detectAddress(lines, vendor, receivers);
    if (address) fields.push({ ...address, groups: ['VENDOR'] });
  }
  const phone = detectPhone(lines, receivers);
  if (phone) fields.push(phone);
  const email = detectEmail(lines, receivers);
  if (email) fields.push(email);

  const id = firstBy(
    findLabelled(lines, INVOICE_ID_LABELS, readId, 'INVOICE_RECEIPT_ID', (l) => receivers.has(segKey(l, 0))),
  );
  if (id) fields.push(id);
  fields.push(...detectDates(lines, isHeader));
  const { amounts, currency } = detectAmounts(lines, isHeader);
  fields.push(...amounts);
  const order = dateOrderForCurrency(currency?.Code ?? detectCurrency(lines.map((l) => l.text))?.code);
  const billDate = fields.find((f) => f.type === 'INVOICE_RECEIPT_DATE')?.value ?? null;
  fields.push(...detectAccountFields(lines, order, billDate ? parseDate(billDate, order) : null));

  const lineItems = detectLineItems(pages);
  const blocks: ExpenseBlock[] = lines.map((l) => ({
    BlockType: 'LINE',
    Id: `line-${l.index + 1}`,
    Text: l.text.replace(/\s{2,}/g, ' '),
    Confidence: Math.round(l.confidence * 10) / 10,
    Geometry: geometryOf(l, l),
    Page: l.page,
  }));

  return {
    ExpenseIndex: 1,
    SummaryFields: fields.map((f) =>
      toField(f, ['TOTAL', 'AMOUNT_DUE', 'SUBTOTAL', 'TAX'].includes(f.type) ? currency : undefined),
    ),
    LineItemGroups: lineItems.length ? [{ LineItemGroupIndex: 1, LineItems: lineItems }] : [],
    Blocks: blocks,
  };
}
