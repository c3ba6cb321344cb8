/**
 * PP-OCRv4 text detection (DB): the page scaled for the detector, its text-probability map, and the
 * post-processing that turns the map into text boxes.
 */
import type { InferenceSession as OrtSession, Tensor as OrtTensor } from 'onnxruntime-node';
import { boxResize, type GrayImage, type TextBox } from './paddle-geometry';

/**
 * Detection sees the page at most this long on its long side: the DB model finds receipt lines
 * reliably at this size and its cost grows with the area. Recognition still crops from the full
 * page, so small print keeps its resolution.
 */
const DET_MAX_SIDE = Number(process.env.OCR_DET_MAX_SIDE ?? 1280);
/** Probability above which a detection pixel is text (PaddleOCR's det_db_thresh). */
const DET_THRESHOLD = 0.3;
/** Boxes whose mean text probability is lower are noise (PaddleOCR's det_db_box_thresh). */
const BOX_THRESHOLD = 0.5;
/** How far a shrunk text kernel is grown back into a box (PaddleOCR's unclip_ratio). */
const UNCLIP_RATIO = 1.6;

/** The detector's text probability per pixel of the page scaled to `width` × `height` (multiples of 32). */
export async function detectionMap(
  det: OrtSession,
  Tensor: typeof OrtTensor,
  image: GrayImage,
): Promise<{ prob: Float32Array; width: number; height: number }> {
  const scale = Math.min(1, DET_MAX_SIDE / Math.max(image.width, image.height));
  const width = Math.max(32, Math.round((image.width * scale) / 32) * 32);
  const height = Math.max(32, Math.round((image.height * scale) / 32) * 32);
  const plane = width * height;
  const input = new Float32Array(plane * 3);
  // ImageNet mean/std on a grey pixel, per channel (the model was trained in BGR; grey is grey).
  const mean = [0.406, 0.456, 0.485];
  const std = [0.225, 0.224, 0.229];
  const grey =
    width === image.width && height === image.height ? image.pixels : boxResize(image, width, height);
  for (let i = 0; i < plane; i++) {
    const v = grey[i] / 255;
    input[i] = (v - mean[0]) / std[0];
    input[plane + i] = (v - mean[1]) / std[1];
    input[2 * plane + i] = (v - mean[2]) / std[2];
  }
  const feeds = { [det.inputNames[0]]: new Tensor('float32', input, [1, 3, height, width]) };
  const out = (await det.run(feeds))[det.outputNames[0]];
  return { prob: out.data as Float32Array, width, height };
}

/**
 * DB post-processing: connected regions of the probability map above the threshold, each fitted
 * with an oriented rectangle (principal axes of its pixels), kept when its mean probability is
 * high enough, grown by the unclip distance (area × ratio / perimeter) and scaled to the page.
 */
export function findTextBoxes(
  prob: Float32Array,
  width: number,
  height: number,
  scaleX = 1,
  scaleY = 1,
): TextBox[] {
  const labels = new Int32Array(width * height).fill(-1);
  const stack = new Int32Array(width * height);
  // Pixels of the current region (each pixel belongs to one region, so one buffer serves all).
  const members = new Int32Array(width * height);
  const boxes: TextBox[] = [];
  for (let start = 0; start < width * height; start++) {
    if (labels[start] !== -1 || prob[start] <= DET_THRESHOLD) continue;
    // Flood fill (8-connected) collecting moments.
    let top = 0;
    stack[top++] = start;
    labels[start] = boxes.length;
    let n = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    let sp = 0;
    while (top > 0) {
      const i = stack[--top];
      const x = i % width;
      const y = (i - x) / width;
      n++;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      sp += prob[i];
      members[n - 1] = i;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (labels[j] === -1 && prob[j] > DET_THRESHOLD) {
            labels[j] = 0;
            stack[top++] = j;
          }
        }
      }
    }
    if (n < 6 || sp / n < BOX_THRESHOLD) continue;
    const mx = sx / n;
    const my = sy / n;
    const cxx = sxx / n - mx * mx;
    const cyy = syy / n - my * my;
    const cxy = sxy / n - mx * my;
    let angle = 0.5 * Math.atan2(2 * cxy, cxx - cyy);
    // Text runs are near-horizontal; a steep principal axis means a short, tall blob (one glyph),
    // which is read upright.
    if (Math.abs(angle) > Math.PI / 6) angle = 0;
    const ca = Math.cos(angle);
    const sa = Math.sin(angle);
    let umin = Number.POSITIVE_INFINITY;
    let umax = Number.NEGATIVE_INFINITY;
    let vmin = Number.POSITIVE_INFINITY;
    let vmax = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < n; k++) {
      const i = members[k];
      const px = i % width;
      const x = px - mx;
      const y = (i - px) / width - my;
      const u = x * ca + y * sa;
      const v = -x * sa + y * ca;
      if (u < umin) umin = u;
      if (u > umax) umax = u;
      if (v < vmin) vmin = v;
      if (v > vmax) vmax = v;
    }
    // Pixel extents are centres; the region covers half a pixel more on each side.
    let bw = umax - umin + 1;
    let bh = vmax - vmin + 1;
    if (Math.min(bw, bh) < 3) continue;
    const grow = (bw * bh * UNCLIP_RATIO) / (2 * (bw + bh));
    const cu = (umin + umax) / 2;
    const cv = (vmin + vmax) / 2;
    bw += 2 * grow;
    bh += 2 * grow;
    const corner = (u: number, v: number): [number, number] => {
      const x = mx + 0.5 + (cu + u) * ca - (cv + v) * sa;
      const y = my + 0.5 + (cu + u) * sa + (cv + v) * ca;
      return [
        Math.min(Math.max(x * scaleX, 0), width * scaleX),
        Math.min(Math.max(y * scaleY, 0), height * scaleY),
      ];
    };
    const corners = [
      corner(-bw / 2, -bh / 2),
      corner(bw / 2, -bh / 2),
      corner(bw / 2, bh / 2),
      corner(-bw / 2, bh / 2),
    ];
    const xs = corners.map((p) => p[0]);
    const ys = corners.map((p) => p[1]);
    boxes.push({
      corners,
      width: Math.hypot(corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]),
      height: Math.hypot(corners[3][0] - corners[0][0], corners[3][1] - corners[0][1]),
      x0: Math.min(...xs),
      y0: Math.min(...ys),
      x1: Math.max(...xs),
      y1: Math.max(...ys),
    });
  }
  return boxes;
}
