import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { prepareForOcr } from '../../../functions/adapters/textract/image-prep';
import { PaddleOcr } from '../../../functions/adapters/textract/paddle-ocr';
const files = process.argv.slice(2);
const ocr = await PaddleOcr.create(2);
for (const f of files) {
  const img = await prepareForOcr(readFileSync(f));
  const t = performance.now();
  const runs = await ocr.recognize(img as any);
  console.log(f.split('/').pop(), runs.length, 'lines', Math.round(performance.now() - t), 'ms', createHash('md5').update(JSON.stringify(runs)).digest('hex'));
}
