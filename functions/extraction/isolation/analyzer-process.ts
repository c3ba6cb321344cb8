import type { ExpenseDocumentInput } from '../../core/extraction/expense-types';
import { LocalExpenseAnalyzer, shutdownLocalAnalyzer } from '../local-analyzer';
import { inProcessPdfReader } from '../pdf/pdf-reader';

/**
 * The child process that runs the local engine for {@link IsolatedExpenseAnalyzer}: page rendering,
 * OCR and field detection, and every other reading of a document's insides (a PDF's outline and its
 * embedded files), happen here, so a page that needs gigabytes or crashes a native library takes down
 * this process only, never the server that forked it. One request per message; several may be in
 * flight (OCR itself runs one page at a time, see ocr-engines.ts).
 */
const analyzer = new LocalExpenseAnalyzer();

/** What the process does with a document, by name. */
const tasks = {
  analyze: (doc: ExpenseDocumentInput) => analyzer.analyze(doc),
  outline: (doc: ExpenseDocumentInput) => inProcessPdfReader.outline(doc.bytes),
  embeddedFiles: (doc: ExpenseDocumentInput) => inProcessPdfReader.embeddedFiles(doc),
  pageTexts: (doc: ExpenseDocumentInput & { maxPages?: number }) =>
    inProcessPdfReader.pageTexts(doc.bytes, doc.maxPages ?? 1),
};

export type EngineTask = keyof typeof tasks;
export type EngineResult<T extends EngineTask> = Awaited<ReturnType<(typeof tasks)[T]>>;

export interface EngineRequest {
  id: number;
  task: EngineTask;
  doc: ExpenseDocumentInput;
}

export type EngineReply =
  | { id: number; result: EngineResult<EngineTask> }
  | { id: number; error: { name: string; message: string } };

process.on('message', async (request: EngineRequest) => {
  let reply: EngineReply;
  try {
    reply = { id: request.id, result: await tasks[request.task](request.doc) };
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    reply = { id: request.id, error: { name: e.name, message: e.message } };
  }
  process.send?.(reply);
});

// The parent went away (stopped or killed): nothing is left to answer.
process.on('disconnect', () => {
  void shutdownLocalAnalyzer().finally(() => process.exit(0));
});
