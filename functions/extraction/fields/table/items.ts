import type { ExpenseField, ExpenseLineItem } from '../../../core/extraction/expense-types';
import { type LinearScorer, scoreLinear } from '../../model/linear';
import type { LayoutPage } from '../../text-layout';
import { type DocLine, docLines } from '../lines';
import { headerColumns } from './header';
import { isRuleItem, type RowCandidate, rowCandidates, rowFeatures } from './rows';

/**
 * Line items: the row candidates an "is an item row" model keeps (or, without a trained model,
 * the rows under a table header before its totals), each with its description continued over the
 * wrapped lines below it, and quantity, unit price and amount as reconciled by the row reader.
 */
export interface ItemRow {
  row: RowCandidate;
  description: string;
  score: number;
}

/** Without a trained model, the rule decides (see {@link isRuleItem}). */
export function ruleScore(x: number[]): number {
  return isRuleItem(x) ? 0.75 : 0.25;
}

/**
 * The words of a line of wrapped description for `row`: a line with words and no money whose
 * words start inside the row's description span (right of its first word, left of its figures).
 */
function wrappedText(line: DocLine, row: RowCandidate, rowLine: DocLine): string | null {
  if (line.pageIndex !== rowLine.pageIndex || /\d[.,]\d{2}(?!\d)/.test(line.text)) return null;
  if (headerColumns(line)) return null;
  const firstFigure = Math.min(...row.cells.map((c) => c.x0));
  const first = rowLine.words.find((w) => row.description.startsWith(w.text)) ?? rowLine.words[0];
  const from = (first?.x0 ?? rowLine.x0) - line.height * 2;
  const words = line.words.filter((w) => w.x0 >= from && w.x0 < firstFigure - line.height);
  const text = words.map((w) => w.text).join(' ');
  return /\p{L}{2,}/u.test(text) ? text : null;
}

/**
 * Joins wrapped lines to item descriptions. The lines between two item rows (or after the last,
 * up to a row or a wide gap) are split at their widest vertical gap: those above it continue the
 * item above, those below it begin the item below (text centred on its figures). With even
 * spacing they continue the item above. The first item also takes the lines just above it.
 */
function withContinuations(lines: DocLine[], items: ItemRow[], stops: Set<number>): void {
  const runAfter = (item: ItemRow, until: number) => {
    const rowLine = lines[item.row.line];
    const run: Array<{ line: DocLine; text: string }> = [];
    let last = rowLine;
    for (let i = item.row.line + 1; i < until && !stops.has(i); i++) {
      const text = wrappedText(lines[i], item.row, rowLine);
      if (!text || lines[i].y0 - last.y1 > lines[i].height * 1.6) break;
      run.push({ line: lines[i], text });
      last = lines[i];
    }
    return run;
  };
  const runBefore = (item: ItemRow, from: number) => {
    const rowLine = lines[item.row.line];
    const run: string[] = [];
    let first = rowLine;
    for (let i = item.row.line - 1; i > Math.max(from, -1) && !stops.has(i); i--) {
      const text = wrappedText(lines[i], item.row, rowLine);
      if (!text || first.y0 - lines[i].y1 > lines[i].height * 1.6) break;
      run.unshift(text);
      first = lines[i];
    }
    return run;
  };
  if (items.length) {
    const header = items[0].row.header?.line ?? items[0].row.line - 3;
    const before = runBefore(items[0], header);
    if (before.length && (!/\p{L}{2,}/u.test(items[0].description) || before.length <= 2))
      items[0].description = `${before.join(' ')} ${items[0].description}`.trim();
  }
  items.forEach((item, k) => {
    const next = items[k + 1];
    const run = runAfter(item, next ? next.row.line : lines.length);
    if (!run.length) return;
    let split = run.length;
    if (next && lines[next.row.line].pageIndex === lines[item.row.line].pageIndex) {
      const tops = [lines[item.row.line], ...run.map((r) => r.line), lines[next.row.line]];
      const gaps = tops.slice(1).map((l, j) => l.y0 - tops[j].y1);
      const widest = Math.max(...gaps);
      const at = gaps.lastIndexOf(widest);
      const even = gaps.every((g) => widest - g < tops[0].height * 0.3);
      // Adjacent to the next row only if it directly precedes it.
      const adjacent = run.at(-1)!.line === lines[next.row.line - 1];
      if (!even && adjacent) split = at;
      if (!/\p{L}{2,}/u.test(next.description) && adjacent) split = Math.min(split, run.length - 1);
    }
    const above = run.slice(0, split).map((r) => r.text);
    const below = run.slice(split).map((r) => r.text);
    if (above.length) item.description = `${item.description} ${above.join(' ')}`.trim();
    if (below.length && next) next.description = `${below.join(' ')} ${next.description}`.trim();
  });
}

function fieldOf(type: string, text: string | null, line: DocLine, confidence: number): ExpenseField | null {
  if (text === null) return null;
  return {
    Type: { Text: type, Confidence: confidence },
    ValueDetection: {
      Text: text,
      Confidence: confidence,
      Geometry: {
        BoundingBox: {
          Left: line.x0 / line.pageWidth,
          Top: line.y0 / line.pageHeight,
          Width: (line.x1 - line.x0) / line.pageWidth,
          Height: (line.y1 - line.y0) / line.pageHeight,
        },
      },
    },
    PageNumber: line.page,
  };
}

/** The item rows of a document and their descriptions. */
export function itemRows(lines: DocLine[], scorer?: LinearScorer): ItemRow[] {
  const rows = rowCandidates(lines);
  const features = rowFeatures(lines, rows);
  const items: ItemRow[] = [];
  rows.forEach((row, k) => {
    const score = scorer ? scoreLinear(scorer, features[k]) : ruleScore(features[k]);
    if (score >= 0.5) items.push({ row, description: row.description, score });
  });
  withContinuations(lines, items, new Set(rows.map((r) => r.line)));
  return items.filter((i) => /\p{L}/u.test(i.description));
}

/** The document's line items in AnalyzeExpense's shape (ITEM, QUANTITY, UNIT_PRICE, PRICE). */
export function detectLineItems(pages: LayoutPage[], scorer?: LinearScorer): ExpenseLineItem[] {
  const lines = docLines(pages);
  return itemRows(lines, scorer).map(({ row, description, score }) => {
    const line = lines[row.line];
    const c = Math.round(score * 1000) / 10;
    return {
      LineItemExpenseFields: [
        fieldOf('ITEM', description.replace(/\s+/g, ' '), line, c),
        fieldOf('QUANTITY', row.quantity?.raw ?? null, line, c),
        fieldOf('UNIT_PRICE', row.unitPrice?.raw ?? null, line, c),
        fieldOf('PRICE', row.amount.raw, line, c),
        fieldOf('EXPENSE_ROW', line.text, line, c),
      ].filter((f): f is ExpenseField => f !== null),
    };
  });
}
