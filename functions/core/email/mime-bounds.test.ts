import { describe, expect, it } from 'vitest';
import {
  assertBoundedMime,
  MAX_HEADER_SECTION_BYTES,
  MAX_MIME_PARTS,
  MAX_MULTIPART_DEPTH,
  UnacceptableMessage,
} from './mime-bounds';

const head = 'From: a@vendor.test\r\nTo: inbox@inbox.test\r\nSubject: Invoices\r\nMIME-Version: 1.0\r\n';

/** A multipart nested `depth` levels deep, each level one part holding the next. */
function nested(depth: number): Buffer {
  let body = 'Content-Type: text/plain\r\n\r\ninnermost\r\n';
  for (let level = depth; level > 0; level--)
    body = `Content-Type: multipart/mixed; boundary="b${level}"\r\n\r\n--b${level}\r\n${body}--b${level}--\r\n`;
  return Buffer.from(head + body);
}

/** A multipart/mixed of `count` empty parts. */
function manyParts(count: number): Buffer {
  const parts = Array.from({ length: count }, () => '--sep\r\nContent-Type: text/plain\r\n\r\n\r\n').join('');
  return Buffer.from(`${head}Content-Type: multipart/mixed; boundary=sep\r\n\r\n${parts}--sep--\r\n`);
}

const refusal = (raw: Buffer) => {
  try {
    assertBoundedMime(raw);
  } catch (error) {
    if (error instanceof UnacceptableMessage) return { code: error.smtpCode, message: error.message };
    throw error;
  }
  return undefined;
};

describe('assertBoundedMime', () => {
  it('passes ordinary mail, nested as mail clients nest it', () => {
    expect(refusal(nested(4))).toBeUndefined();
    expect(refusal(manyParts(20))).toBeUndefined();
    expect(refusal(Buffer.from(`${head}\r\nplain text`))).toBeUndefined();
  });

  it('refuses, permanently and fast, the probe’s hostile messages', () => {
    const cases = {
      '1,000-deep multipart': nested(1_000),
      '10,000 empty parts': manyParts(10_000),
      '1 MB Subject': Buffer.from(`Subject: ${'x'.repeat(1024 * 1024)}\r\n\r\nbody`),
    };
    for (const [name, raw] of Object.entries(cases)) {
      const started = performance.now();
      const answer = refusal(raw);
      const ms = performance.now() - started;
      console.log(
        `${name}: ${(raw.length / 1024).toFixed(0)} KiB refused in ${ms.toFixed(1)} ms (${answer?.code})`,
      );
      expect(answer, name).toBeDefined();
      expect(ms, name).toBeLessThan(2_000);
    }
    expect(refusal(cases['1,000-deep multipart'])?.message).toContain(`${MAX_MULTIPART_DEPTH} levels`);
    expect(refusal(cases['10,000 empty parts'])?.message).toContain(`${MAX_MIME_PARTS} MIME parts`);
    expect(refusal(cases['1 MB Subject'])).toEqual({
      code: 552,
      message: `A header section is larger than ${MAX_HEADER_SECTION_BYTES / 1024} KiB`,
    });
  });

  it('counts the parts of a nested multipart and a part’s own long header', () => {
    expect(refusal(nested(MAX_MULTIPART_DEPTH))).toBeUndefined();
    expect(refusal(nested(MAX_MULTIPART_DEPTH + 1))?.code).toBe(554);
    const longPartHeader = Buffer.from(
      `${head}Content-Type: multipart/mixed; boundary=sep\r\n\r\n--sep\r\nX-Junk: ${'y'.repeat(MAX_HEADER_SECTION_BYTES)}\r\n\r\nbody\r\n--sep--\r\n`,
    );
    expect(refusal(longPartHeader)?.code).toBe(552);
  });
});
