/**
 * A worker thread's {@link LineReader}: reads the share of a page's text lines that `PaddleOcr`
 * sends it, on a core of its own, and answers with their texts in the order sent.
 */
import { parentPort } from 'node:worker_threads';
import type { GrayImage, TextBox } from './paddle-geometry';
import { LineReader } from './paddle-recognition';

const reader = LineReader.create();

parentPort?.on(
  'message',
  async ({ id, image, boxes }: { id: number; image: GrayImage; boxes: TextBox[] }) => {
    try {
      parentPort?.postMessage({ id, lines: await (await reader).read(image, boxes) });
    } catch (e) {
      parentPort?.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
    }
  },
);
