import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { S3Client } from '@aws-sdk/client-s3';
import {
  AnalyzeExpenseCommand,
  GetExpenseAnalysisCommand,
  StartExpenseAnalysisCommand,
  TextractClient,
} from '@aws-sdk/client-textract';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { CloudExpenseAnalyzer, countPdfPages } from './cloud-analyzer';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = (name: string) =>
  JSON.parse(readFileSync(`${repoRoot}../shared/fixtures/textract/${name}`, 'utf8'));

const textract = mockClient(TextractClient);
const s3 = mockClient(S3Client);
const onePagePdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Page >> endobj\n%%EOF');
const twoPagePdf = new TextEncoder().encode(
  '%PDF-1.4\n<< /Type /Pages /Count 2 >>\n<< /Type /Page >>\n<< /Type /Page >>\n%%EOF',
);
const noSleep = async () => {};

beforeEach(() => {
  textract.reset();
  s3.reset();
});

describe('CloudExpenseAnalyzer', () => {
  it('sends an image to the synchronous AnalyzeExpense with its bytes', async () => {
    const answer = fixture('invoice-expense-response.json');
    textract.on(AnalyzeExpenseCommand).resolves(answer);
    const bytes = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

    const result = await new CloudExpenseAnalyzer({ textract: new TextractClient({}) }).analyze({
      bytes,
      contentType: 'image/jpeg',
    });

    expect(textract.commandCalls(AnalyzeExpenseCommand)[0].args[0].input).toEqual({
      Document: { Bytes: bytes },
    });
    expect(result.ExpenseDocuments).toEqual(answer.ExpenseDocuments);
  });

  it('sends a one-page PDF synchronously too', async () => {
    textract.on(AnalyzeExpenseCommand).resolves({ ExpenseDocuments: [] });

    await new CloudExpenseAnalyzer({ textract: new TextractClient({}) }).analyze({
      bytes: onePagePdf,
      contentType: 'application/pdf',
    });

    expect(textract.commandCalls(AnalyzeExpenseCommand)).toHaveLength(1);
    expect(textract.commandCalls(StartExpenseAnalysisCommand)).toHaveLength(0);
  });

  it('runs a multi-page PDF as an async job on its S3 object, polling with backoff and reading every result page', async () => {
    const recorded = fixture('analyzeExpenseResponse-multipage.json');
    const [page1, page2] = recorded.ExpenseDocuments;
    textract.on(StartExpenseAnalysisCommand).resolves({ JobId: 'job-1' });
    textract
      .on(GetExpenseAnalysisCommand, { JobId: 'job-1' })
      .resolvesOnce({ JobStatus: 'IN_PROGRESS' })
      .resolvesOnce({ JobStatus: 'IN_PROGRESS' })
      .resolvesOnce({
        JobStatus: 'SUCCEEDED',
        DocumentMetadata: { Pages: 2 },
        ExpenseDocuments: [page1],
        NextToken: 't2',
      });
    textract
      .on(GetExpenseAnalysisCommand, { JobId: 'job-1', NextToken: 't2' })
      .resolves({ JobStatus: 'SUCCEEDED', ExpenseDocuments: [page2] });
    const waits: number[] = [];

    const result = await new CloudExpenseAnalyzer({
      textract: new TextractClient({}),
      pollIntervalMs: 1000,
      sleep: async (ms) => {
        waits.push(ms);
      },
    }).analyze({
      bytes: twoPagePdf,
      contentType: 'application/pdf',
      s3: { bucket: 'uploads', key: 'org/inv.pdf' },
    });

    expect(textract.commandCalls(StartExpenseAnalysisCommand)[0].args[0].input).toEqual({
      DocumentLocation: { S3Object: { Bucket: 'uploads', Name: 'org/inv.pdf' } },
    });
    expect(textract.commandCalls(AnalyzeExpenseCommand)).toHaveLength(0);
    expect(waits).toEqual([1000, 1500, 2250]);
    expect(textract.commandCalls(GetExpenseAnalysisCommand).map((c) => c.args[0].input)).toEqual([
      { JobId: 'job-1' },
      { JobId: 'job-1' },
      { JobId: 'job-1' },
      { JobId: 'job-1', NextToken: 't2' },
    ]);
    expect(result.DocumentMetadata).toEqual({ Pages: 2 });
    expect(result.ExpenseDocuments).toEqual([page1, page2]);
  });

  it('stages a multi-page PDF in S3 when it has no location yet', async () => {
    s3.resolves({});
    textract.on(StartExpenseAnalysisCommand).resolves({ JobId: 'job-2' });
    textract.on(GetExpenseAnalysisCommand).resolves({ JobStatus: 'SUCCEEDED', ExpenseDocuments: [] });

    await new CloudExpenseAnalyzer({
      textract: new TextractClient({}),
      staging: { s3: new S3Client({}), bucket: 'staging-bucket', keyPrefix: 'tmp/' },
      sleep: noSleep,
    }).analyze({ bytes: twoPagePdf, contentType: 'application/pdf' });

    const put = s3.calls()[0].args[0].input as {
      Bucket: string;
      Key: string;
      Body: Uint8Array;
      ContentType: string;
    };
    expect(put).toMatchObject({ Bucket: 'staging-bucket', Body: twoPagePdf, ContentType: 'application/pdf' });
    expect(put.Key).toMatch(/^tmp\/.+\.pdf$/);
    expect(textract.commandCalls(StartExpenseAnalysisCommand)[0].args[0].input).toEqual({
      DocumentLocation: { S3Object: { Bucket: 'staging-bucket', Name: put.Key } },
    });
  });

  it('fails with the job status when Textract cannot finish', async () => {
    textract.on(StartExpenseAnalysisCommand).resolves({ JobId: 'job-3' });
    textract.on(GetExpenseAnalysisCommand).resolves({ JobStatus: 'FAILED', StatusMessage: 'bad document' });

    await expect(
      new CloudExpenseAnalyzer({ textract: new TextractClient({}), sleep: noSleep }).analyze({
        bytes: twoPagePdf,
        contentType: 'application/pdf',
        s3: { bucket: 'b', key: 'k' },
      }),
    ).rejects.toThrow('Textract job job-3 ended FAILED');
  });

  it('counts PDF pages without counting the page tree node', () => {
    expect(countPdfPages(onePagePdf)).toBe(1);
    expect(countPdfPages(twoPagePdf)).toBe(2);
  });
});
