import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import {
  AnalyzeExpenseCommand,
  type ExpenseDocument,
  GetExpenseAnalysisCommand,
  type GetExpenseAnalysisCommandOutput,
  StartExpenseAnalysisCommand,
  type TextractClient,
} from '@aws-sdk/client-textract';
import type { AnalyzeExpenseResponse, ExpenseAnalyzer, ExpenseDocumentInput } from './expense-analyzer';

/** Where the document already is in S3 (the upload bucket), which the asynchronous API reads. */
export interface S3Location {
  bucket: string;
  key: string;
}

export interface CloudAnalyzerOptions {
  textract: TextractClient;
  /** For multi-page PDFs that are not in S3 yet: a client and bucket to stage them in. */
  staging?: { s3: S3Client; bucket: string; keyPrefix?: string };
  /** First wait between status polls; it grows by half each time up to `maxPollIntervalMs`. */
  pollIntervalMs?: number;
  maxPollIntervalMs?: number;
  /** Give up on a job after this long. */
  timeoutMs?: number;
  /** Injected for tests. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** Raised when Textract cannot finish a job; `cause` carries Textract's own message. */
export class ExpenseAnalysisError extends Error {
  override readonly name = 'ExpenseAnalysisError';
}

/** Pages of a PDF, counted from its page objects (0 when they are hidden in compressed streams). */
export function countPdfPages(bytes: Uint8Array): number {
  const text = new TextDecoder('latin1').decode(bytes);
  return text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
}

/**
 * Amazon Textract AnalyzeExpense. Images and one-page PDFs go to the synchronous API with their
 * bytes; multi-page PDFs go to the asynchronous API (StartExpenseAnalysis on the S3 object, then
 * GetExpenseAnalysis polled with backoff, reading every result page), because the synchronous API
 * reads only one page.
 */
export class CloudExpenseAnalyzer implements ExpenseAnalyzer {
  readonly #o: Required<Omit<CloudAnalyzerOptions, 'staging'>> & Pick<CloudAnalyzerOptions, 'staging'>;

  constructor(options: CloudAnalyzerOptions) {
    this.#o = {
      pollIntervalMs: 1_000,
      maxPollIntervalMs: 10_000,
      timeoutMs: 10 * 60_000,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: () => Date.now(),
      ...options,
    };
  }

  async analyze(doc: ExpenseDocumentInput & { s3?: S3Location }): Promise<AnalyzeExpenseResponse> {
    const multiPage = doc.contentType === 'application/pdf' && countPdfPages(doc.bytes) > 1;
    if (!multiPage) {
      try {
        const out = await this.#o.textract.send(
          new AnalyzeExpenseCommand({ Document: { Bytes: doc.bytes } }),
        );
        return { DocumentMetadata: out.DocumentMetadata, ExpenseDocuments: out.ExpenseDocuments };
      } catch (error) {
        // A PDF whose page count could not be read may still have several pages.
        const name = (error as { name?: string }).name;
        if (doc.contentType !== 'application/pdf' || name !== 'UnsupportedDocumentException') throw error;
      }
    }
    return this.#analyzeAsync(doc.s3 ?? (await this.#stage(doc)));
  }

  async #stage(doc: ExpenseDocumentInput): Promise<S3Location> {
    const staging = this.#o.staging;
    if (!staging)
      throw new ExpenseAnalysisError('A multi-page PDF needs its S3 location or a staging bucket');
    const key = `${staging.keyPrefix ?? 'textract-staging/'}${crypto.randomUUID()}.pdf`;
    await staging.s3.send(
      new PutObjectCommand({
        Bucket: staging.bucket,
        Key: key,
        Body: doc.bytes,
        ContentType: doc.contentType,
      }),
    );
    return { bucket: staging.bucket, key };
  }

  async #analyzeAsync(location: S3Location): Promise<AnalyzeExpenseResponse> {
    const started = this.#o.now();
    const { JobId } = await this.#o.textract.send(
      new StartExpenseAnalysisCommand({
        DocumentLocation: { S3Object: { Bucket: location.bucket, Name: location.key } },
      }),
    );
    if (!JobId) throw new ExpenseAnalysisError('Textract returned no job id');
    let wait = this.#o.pollIntervalMs;
    let first: GetExpenseAnalysisCommandOutput;
    for (;;) {
      await this.#o.sleep(wait);
      first = await this.#o.textract.send(new GetExpenseAnalysisCommand({ JobId }));
      if (first.JobStatus !== 'IN_PROGRESS') break;
      if (this.#o.now() - started > this.#o.timeoutMs) {
        throw new ExpenseAnalysisError(`Textract job ${JobId} did not finish in ${this.#o.timeoutMs} ms`);
      }
      wait = Math.min(this.#o.maxPollIntervalMs, Math.round(wait * 1.5));
    }
    if (first.JobStatus !== 'SUCCEEDED') {
      throw new ExpenseAnalysisError(`Textract job ${JobId} ended ${first.JobStatus}`, {
        cause: first.StatusMessage,
      });
    }
    // Results come in pages of documents; read them all.
    const documents: ExpenseDocument[] = [...(first.ExpenseDocuments ?? [])];
    let token = first.NextToken;
    while (token) {
      const next = await this.#o.textract.send(new GetExpenseAnalysisCommand({ JobId, NextToken: token }));
      documents.push(...(next.ExpenseDocuments ?? []));
      token = next.NextToken;
    }
    return { DocumentMetadata: first.DocumentMetadata, ExpenseDocuments: documents };
  }
}
