/**
 * The page geometry of PP-OCR: grey page images, text boxes with their corners, resampling a page
 * (box filter) or a turned box of it (bilinear, into a tensor patch), and what a page's boxes say
 * about how it is turned.
 */

/** A greyscale page: one byte per pixel, row by row. */
export interface GrayImage {
  pixels: Uint8Array;
  width: number;
  height: number;
}

/** A text box on the page: corners clockwise from top-left, plus its upright bounds. */
export interface TextBox {
  corners: [number, number][];
  width: number;
  height: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The page resized to `width` × `height`, each pixel the mean of the source pixels under it (a box
 * filter; at least one source pixel when enlarging). Each output row sums its source rows once per
 * column, then each output pixel its columns: a few additions per source pixel.
 */
export function boxResize(image: GrayImage, width: number, height: number): Float64Array {
  const sx = image.width / width;
  const sy = image.height / height;
  const left = new Int32Array(width);
  const right = new Int32Array(width);
  for (let x = 0; x < width; x++) {
    left[x] = Math.floor(x * sx);
    right[x] = Math.min(image.width, Math.max(left[x] + 1, Math.floor(x * sx + sx)));
  }
  const out = new Float64Array(width * height);
  const columns = new Float64Array(image.width);
  for (let y = 0; y < height; y++) {
    const top = Math.floor(y * sy);
    const bottom = Math.min(image.height, Math.max(top + 1, Math.floor(y * sy + sy)));
    columns.fill(0);
    for (let yy = top; yy < bottom; yy++) {
      const row = yy * image.width;
      for (let xx = 0; xx < image.width; xx++) columns[xx] += image.pixels[row + xx];
    }
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let xx = left[x]; xx < right[x]; xx++) sum += columns[xx];
      out[y * width + x] = sum / ((right[x] - left[x]) * (bottom - top));
    }
  }
  return out;
}

function bilinear(image: GrayImage, x: number, y: number): number {
  const cx = Math.min(Math.max(x, 0), image.width - 1);
  const cy = Math.min(Math.max(y, 0), image.height - 1);
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(x0 + 1, image.width - 1);
  const y1 = Math.min(y0 + 1, image.height - 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const p = image.pixels;
  const w = image.width;
  const top = p[y0 * w + x0] * (1 - fx) + p[y0 * w + x1] * fx;
  const bottom = p[y1 * w + x0] * (1 - fx) + p[y1 * w + x1] * fx;
  return top * (1 - fy) + bottom * fy;
}

/**
 * Samples a (possibly slightly rotated) box of the page into a `w`×`h` patch at `offset` of a
 * 3-channel tensor `stride` wide, normalised to [-1, 1] as the recogniser was trained. When the
 * patch is much smaller than the box, each sample averages a few source points so thin strokes
 * are not lost.
 */
export function sampleQuad(
  image: GrayImage,
  box: TextBox,
  w: number,
  h: number,
  stride: number,
  out: Float32Array,
  offset: number,
): void {
  const [tl, tr, , bl] = box.corners;
  const ux = (tr[0] - tl[0]) / w;
  const uy = (tr[1] - tl[1]) / w;
  const vx = (bl[0] - tl[0]) / h;
  const vy = (bl[1] - tl[1]) / h;
  const plane = h * stride;
  const step = Math.max(Math.hypot(ux, uy), Math.hypot(vx, vy));
  const taps = step > 1.5 ? 2 : 1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let sum = 0;
      for (let ty = 0; ty < taps; ty++) {
        for (let tx = 0; tx < taps; tx++) {
          const fx = x + (tx + 0.5) / taps;
          const fy = y + (ty + 0.5) / taps;
          sum += bilinear(image, tl[0] + fx * ux + fy * vx, tl[1] + fx * uy + fy * vy);
        }
      }
      const v = sum / (taps * taps) / 127.5 - 1;
      const i = offset + y * stride + x;
      out[i] = v;
      out[i + plane] = v;
      out[i + 2 * plane] = v;
    }
  }
}

/**
 * Whether a page's text runs vertically (the page is turned a quarter): most elongated text boxes
 * are taller than wide, by their summed length, and at least three of them. Upright lines of text
 * are several times wider than tall; on a page turned by 90° or 270° the detector finds the same
 * lines standing up. Boxes that are about square (single characters, logos) are not counted.
 */
export function textRunsVertical(boxes: Array<Pick<TextBox, 'x0' | 'y0' | 'x1' | 'y1'>>): boolean {
  let across = 0;
  let down = 0;
  let standing = 0;
  for (const b of boxes) {
    const w = b.x1 - b.x0;
    const h = b.y1 - b.y0;
    if (w >= h * 2) across += w;
    else if (h >= w * 2) {
      down += h;
      standing++;
    }
  }
  return standing >= 3 && down > across * 2;
}

/**
 * How far a page's text lines are turned clockwise, in degrees: the length-weighted median angle
 * of its long text boxes (at least four times as wide as tall, where the detector's angle is
 * reliable). 0 when fewer than three such lines tell, or when they disagree too much to be a
 * skewed sheet (a page of mixed, deliberately slanted print).
 */
export function pageSkew(boxes: Array<Pick<TextBox, 'corners' | 'width' | 'height'>>): number {
  const lines = boxes
    .filter((b) => b.width >= 4 * b.height)
    .map((b) => {
      const [tl, tr] = b.corners;
      return { angle: (Math.atan2(tr[1] - tl[1], tr[0] - tl[0]) * 180) / Math.PI, weight: b.width };
    })
    .sort((a, b) => a.angle - b.angle);
  if (lines.length < 3) return 0;
  const total = lines.reduce((s, l) => s + l.weight, 0);
  let seen = 0;
  const quantile = (q: number) => {
    seen = 0;
    for (const l of lines) {
      seen += l.weight;
      if (seen >= q * total) return l.angle;
    }
    return lines[lines.length - 1].angle;
  };
  const median = quantile(0.5);
  // Half of the text by length within a degree of the median: one sheet turned as a whole.
  if (quantile(0.75) - quantile(0.25) > 2) return 0;
  return median;
}

/**
 * Whether a skew of `degrees` is worth turning the page straight: when, across the width the text
 * spans, it moves a line's far end by more than half the height of a line, so that a label and its
 * value would fall on different rows. A narrow receipt a degree askew reads well as it is, and
 * resampling its small print would only blur it.
 */
export function skewSplitsLines(
  boxes: Array<Pick<TextBox, 'x0' | 'x1' | 'height'>>,
  degrees: number,
): boolean {
  if (degrees === 0 || boxes.length === 0) return false;
  const span = Math.max(...boxes.map((b) => b.x1)) - Math.min(...boxes.map((b) => b.x0));
  const heights = boxes.map((b) => b.height).sort((a, b) => a - b);
  const lineHeight = heights[Math.floor(heights.length / 2)];
  return Math.abs(Math.tan((degrees * Math.PI) / 180)) * span > lineHeight / 2;
}
