import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../shared/constants';
import { type MailAttachment, SIGNATURE_IMAGE_MAX_BYTES, selectAttachments } from './attachments';

const pdf = (size = 2_000) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.4\n');
  return bytes;
};
const png = (size: number) => {
  const bytes = Buffer.alloc(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
};
const part = (overrides: Partial<MailAttachment>): MailAttachment => ({
  filename: 'invoice.pdf',
  contentType: 'application/pdf',
  contentDisposition: 'attachment',
  content: pdf(),
  ...overrides,
});

describe('selectAttachments', () => {
  it('makes one invoice of each PDF, JPEG, PNG or TIFF attachment, typed by its bytes', () => {
    const tiff = Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00]), Buffer.alloc(20_000)]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20_000)]);
    const { invoices, refused } = selectAttachments([
      part({ filename: 'a.pdf' }),
      part({ filename: 'scan.jpg', contentType: 'image/jpeg', content: jpeg }),
      part({ filename: 'scan.png', contentType: 'image/png', content: png(20_000) }),
      // Declared as an octet stream, but the bytes are a TIFF.
      part({ filename: 'fax', contentType: 'application/octet-stream', content: tiff }),
    ]);
    expect(invoices.map((i) => [i.filename, i.contentType])).toEqual([
      ['a.pdf', 'application/pdf'],
      ['scan.jpg', 'image/jpeg'],
      ['scan.png', 'image/png'],
      ['fax', 'image/tiff'],
    ]);
    expect(refused).toEqual([]);
  });

  it('ignores inline images, cid-referenced images, multipart/related images and signature logos', () => {
    const big = png(SIGNATURE_IMAGE_MAX_BYTES * 3);
    const { invoices, refused } = selectAttachments(
      [
        part({
          filename: 'banner.png',
          contentType: 'image/png',
          contentDisposition: 'inline',
          content: big,
        }),
        part({ filename: 'photo.png', contentType: 'image/png', cid: 'photo@x', content: big }),
        part({ filename: 'related.png', contentType: 'image/png', related: true, content: big }),
        part({ filename: 'logo.png', contentType: 'image/png', content: png(SIGNATURE_IMAGE_MAX_BYTES) }),
        part({ filename: 'bill.png', contentType: 'image/png', content: big }),
      ],
      '<p>Hi</p><img src="cid:photo@x">',
    );
    expect(invoices.map((i) => i.filename)).toEqual(['bill.png']);
    expect(refused).toEqual([]);
  });

  it('keeps a PDF a mail client marked inline', () => {
    const { invoices } = selectAttachments([part({ contentDisposition: 'inline' })]);
    expect(invoices.map((i) => i.filename)).toEqual(['invoice.pdf']);
  });

  it('names other, empty and oversize files with the reason', () => {
    const docx = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(5_000)]);
    const { invoices, refused } = selectAttachments([
      part({ filename: 'report.docx', contentType: 'application/vnd.openxmlformats', content: docx }),
      part({ filename: 'empty.pdf', content: Buffer.alloc(0) }),
      part({ filename: 'huge.pdf', content: pdf(MAX_UPLOAD_BYTES + 1) }),
      part({ filename: 'exact.pdf', content: pdf(MAX_UPLOAD_BYTES) }),
    ]);
    expect(invoices.map((i) => i.filename)).toEqual(['exact.pdf']);
    expect(refused).toEqual([
      { filename: 'report.docx', reason: 'unsupported file type: send a PDF, JPEG, PNG or TIFF file' },
      { filename: 'empty.pdf', reason: 'the file is empty' },
      { filename: 'huge.pdf', reason: 'larger than 10 MB' },
    ]);
  });

  it('makes at most ten invoices of one message and names the rest', () => {
    const parts = Array.from({ length: 12 }, (_, i) => part({ filename: `inv-${i + 1}.pdf` }));
    const { invoices, refused } = selectAttachments(parts);
    expect(invoices.map((i) => i.filename)).toEqual(parts.slice(0, 10).map((p) => p.filename));
    expect(refused).toEqual([
      { filename: 'inv-11.pdf', reason: 'more than 10 invoices in one e-mail' },
      { filename: 'inv-12.pdf', reason: 'more than 10 invoices in one e-mail' },
    ]);
  });

  it('names an attachment without a file name by its position and type', () => {
    const { invoices } = selectAttachments([part({ filename: undefined }), part({ filename: '  ' })]);
    expect(invoices.map((i) => i.filename)).toEqual(['attachment-1.pdf', 'attachment-2.pdf']);
  });
});

describe('selectAttachments with archives', () => {
  it('makes an invoice of each PDF or image in an attached zip and names every other member', () => {
    const zip = Buffer.from(
      zipSync({
        'October/INV-1.pdf': new Uint8Array(pdf()),
        'INV-2.png': new Uint8Array(png(20_000)),
        'readme.txt': strToU8('see the invoices'),
        'inner.zip': zipSync({ 'INV-3.pdf': new Uint8Array(pdf()) }),
      }),
    );
    const { invoices, refused } = selectAttachments([part({ filename: 'invoices.zip', content: zip })]);
    expect(invoices.map((i) => [i.filename, i.contentType])).toEqual([
      ['INV-1.pdf', 'application/pdf'],
      ['INV-2.png', 'image/png'],
    ]);
    expect(refused).toEqual([
      { filename: 'invoices.zip/readme.txt', reason: expect.stringContaining('unsupported file type') },
      { filename: 'invoices.zip/inner.zip', reason: 'an archive inside an archive, which is not unpacked' },
    ]);
  });

  it('refuses other archive kinds whole, and an empty zip', () => {
    const gzip = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
    const rar = Buffer.from('Rar!\x1a\x07\x01\x00 invoices', 'latin1');
    const { invoices, refused } = selectAttachments([
      part({ filename: 'invoices.tar.gz', content: gzip }),
      part({ filename: 'invoices.rar', content: rar }),
      part({ filename: 'nothing.zip', content: Buffer.from(zipSync({})) }),
    ]);
    expect(invoices).toEqual([]);
    expect(refused.map((r) => r.filename)).toEqual(['invoices.tar.gz', 'invoices.rar', 'nothing.zip']);
    expect(refused[0].reason).toMatch(/^a gzip archive, which is not unpacked/);
    expect(refused[1].reason).toMatch(/^a rar archive/);
    expect(refused[2].reason).toBe('the archive is empty');
  });
});
