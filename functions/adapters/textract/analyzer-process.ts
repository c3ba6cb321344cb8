import { LocalExpenseAnalyzer, shutdownLocalAnalyzer } from './local-analyzer';

/**
 * The child process that runs the local engine for {@link IsolatedExpenseAnalyzer}: page rendering,
 * OCR and field detection happen here, so a page that needs gigabytes or crashes a native library
 * takes down this process only, never the server that forked it. One request per message; several
 * may be in flight (OCR itself runs one page at a time, see ocr-engines.ts).
 */
export interface AnalyzeRequest {
  id: number;
  bytes: Uint8Array;
  contentType: Parameters<LocalExpenseAnalyzer['analyze']>[0]['contentType'];
}

export type AnalyzeReply =
  | { id: number; response: Awaited<ReturnType<LocalExpenseAnalyzer['analyze']>> }
  | { id: number; error: { name: string; message: string } };

const analyzer = new LocalExpenseAnalyzer();

process.on('message', async (request: AnalyzeRequest) => {
  let reply: AnalyzeReply;
  try {
    reply = {
      id: request.id,
      response: await analyzer.analyze({ bytes: request.bytes, contentType: request.contentType }),
    };
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
