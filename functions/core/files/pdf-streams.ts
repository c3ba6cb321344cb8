import { createInflate, type Inflate } from 'node:zlib';

/**
 * What a PDF may expand to when its streams are opened: page contents, fonts, images and attachments
 * together. A PDF bomb (a 1 MB page stream of deflated zeros) expands to gigabytes, and a reader that
 * opens it grows until its memory cap ends it. Counting first, in 64 KiB chunks that are dropped as
 * they come, costs a few megabytes whatever the file, and sends such a file to review in seconds.
 * 512 MiB is far above what a real invoice needs: a 10 MB scan of ten full-colour 300 dpi pages
 * stored as Flate images expands to about 250 MiB.
 */
export const MAX_PDF_INFLATED_BYTES = 512 * 1024 * 1024;

/** How deep a stream's Flate filters are followed (`/Filter [/FlateDecode /FlateDecode]` and on). */
const MAX_FILTER_DEPTH = 4;

const STREAM = Buffer.from('stream', 'latin1');
const END_STREAM = Buffer.from('endstream', 'latin1');

/** A zlib header (RFC 1950 §2.2): deflate method, and a check value that makes CMF·256+FLG a multiple of 31. */
const isZlibHeader = (b: Uint8Array, at = 0) =>
  b.length >= at + 2 && (b[at] & 0x0f) === 8 && b[at] >> 4 <= 7 && ((b[at] << 8) | b[at + 1]) % 31 === 0;

/** The data of each `stream … endstream` in the file, as the bytes between the keywords (no parser needed). */
function* streamData(pdf: Buffer): Generator<Buffer> {
  let from = 0;
  for (;;) {
    const start = pdf.indexOf(STREAM, from);
    if (start < 0) return;
    // `endstream` contains `stream`: only a keyword that is not the tail of `endstream` starts one.
    if (start >= 3 && pdf.toString('latin1', start - 3, start) === 'end') {
      from = start + STREAM.length;
      continue;
    }
    let dataStart = start + STREAM.length;
    if (pdf[dataStart] === 0x0d) dataStart++;
    if (pdf[dataStart] === 0x0a) dataStart++;
    const end = pdf.indexOf(END_STREAM, dataStart);
    if (end < 0) return;
    yield pdf.subarray(dataStart, end);
    from = end + END_STREAM.length;
  }
}

/** One Flate layer: its input is written in, its output counted (and dropped) or fed to the next layer. */
interface Layer {
  inflate: Inflate;
  /** Resolves with the largest count of this layer or the ones inside it, once they all ended. */
  done: Promise<number>;
}

/**
 * Inflates what is written to it, counting what comes out without keeping it. An output that is itself
 * deflated (a zlib header at its start) is followed into the next layer, with backpressure, so a bomb
 * inside a bomb is counted in constant memory too. Stops (`budget.over`) as soon as any layer passes
 * `budget.limit`. Data that is not (or not only) valid deflate counts what came out before the error:
 * the reader will say it is damaged, not this check.
 */
function layer(budget: { limit: number; over: boolean }, depth: number): Layer {
  const inflate = createInflate({ chunkSize: 64 * 1024 });
  let counted = 0;
  let inner: Layer | null = null;
  let first = true;
  const ended = new Promise<void>((resolve) => {
    inflate.on('end', resolve);
    inflate.on('error', () => resolve());
    inflate.on('close', resolve);
  });
  inflate.on('data', (chunk: Buffer) => {
    if (first && depth + 1 < MAX_FILTER_DEPTH && isZlibHeader(chunk)) inner = layer(budget, depth + 1);
    first = false;
    counted += chunk.length;
    if (counted > budget.limit) budget.over = true;
    if (budget.over) {
      inflate.destroy();
      inner?.inflate.destroy();
      return;
    }
    // An inner layer that failed (not deflate after all) is closed: nothing more is fed to it.
    if (inner && !inner.inflate.destroyed && !inner.inflate.write(chunk)) {
      inflate.pause();
      const resume = () => inflate.resume();
      inner.inflate.once('drain', resume);
      inner.inflate.once('close', resume);
    }
  });
  const done = ended.then(async () => {
    if (!inner) return counted;
    if (!inner.inflate.destroyed) inner.inflate.end();
    return Math.max(counted, await inner.done);
  });
  return { inflate, done };
}

/** The bytes `data` inflates to, stopping once past `limit` (then some number above it). */
async function inflatedSize(data: Uint8Array, limit: number): Promise<number> {
  const budget = { limit, over: false };
  const top = layer(budget, 0);
  top.inflate.end(data);
  const size = await top.done;
  return budget.over ? Math.max(size, limit + 1) : size;
}

/**
 * Whether the PDF's streams expand to at most `limit` bytes in all. A file with no Flate stream (or a
 * damaged one) is within the budget: this is a bound on cost, not a validity check.
 */
export async function pdfExpandsWithin(bytes: Uint8Array, limit = MAX_PDF_INFLATED_BYTES): Promise<boolean> {
  const pdf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (const data of streamData(pdf)) {
    if (!isZlibHeader(data)) continue;
    total += await inflatedSize(data, limit - total);
    if (total > limit) return false;
  }
  return true;
}
