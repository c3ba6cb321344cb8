import { describe, expect, it } from 'vitest';
import { uploadErrorText } from '@/features/upload/upload-page';
import { apiErrorFrom } from '@/lib/api-client';
import { pageRange } from '@/lib/cursor-pages';
import { canRemove, queueProgress } from './queue-progress';

describe('upload queue progress', () => {
  it('fills 0-50% while uploading, starts processing at 50%, ends at 100% or 0% on error', () => {
    expect(queueProgress({ status: 'pending', uploadProgress: 0, invoice: null })).toBe(0);
    expect(queueProgress({ status: 'uploading', uploadProgress: 0, invoice: null })).toBe(0);
    expect(queueProgress({ status: 'uploading', uploadProgress: 60, invoice: null })).toBe(30);
    expect(queueProgress({ status: 'processing', uploadProgress: 100, invoice: null })).toBe(50);
    expect(queueProgress({ status: 'success', uploadProgress: 100, invoice: null })).toBe(100);
    expect(queueProgress({ status: 'error', uploadProgress: 40, invoice: null })).toBe(0);
  });

  it('lets an item be removed unless it is uploading or processing', () => {
    expect(canRemove({ status: 'uploading' })).toBe(false);
    expect(canRemove({ status: 'processing' })).toBe(false);
    expect(canRemove({ status: 'pending' })).toBe(true);
    expect(canRemove({ status: 'error' })).toBe(true);
  });

  it("shows the server's message, else 'Upload failed with status {code}'", () => {
    expect(
      uploadErrorText(apiErrorFrom(429, 'Too Many Requests', '{"message":"Monthly plan limit reached"}')),
    ).toBe('Monthly plan limit reached');
    expect(uploadErrorText(apiErrorFrom(500, 'Internal Server Error', ''))).toBe(
      'Upload failed with status 500',
    );
  });
});

describe('table footer range', () => {
  it('counts from the page start', () => {
    expect(pageRange(1, 10, 10, 23)).toEqual({ from: 1, to: 10, total: 23 });
    expect(pageRange(3, 10, 3, 23)).toEqual({ from: 21, to: 23, total: 23 });
    expect(pageRange(1, 10, 0, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
});
