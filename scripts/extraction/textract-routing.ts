import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { corpusDir, engineVersion, repo } from './corpus';

/**
 * Which text PDFs of the corpus the cloud reads again with Textract (core's `unsureFields` at the
 * product's threshold), as `npm run eval:extract` judged each one out of sample: written by eval:extract,
 * read by `npm run cost` for its Textract share. The verdicts come from eval's own out-of-fold models and
 * calibration, not the committed model file, so they are keyed by the reading engine's version only: an
 * engine edited since makes the file stale, and cost falls back to its own in-sample routing.
 */
export interface TextractRouting {
  engineVersion: string;
  generatedAt: string;
  /** How the verdicts were reached, for the report ("out of sample, grouped CV by seller"). */
  basis: string;
  /** Per text PDF (path relative to ../shared/corpus): read again by Textract. */
  unsure: Record<string, boolean>;
}

const routingFile = join(repo, '.cache/eval-extract/textract-routing.json');

export const corpusRelative = (path: string) => relative(corpusDir, path);

export function writeTextractRouting(basis: string, unsure: Map<string, boolean>): void {
  mkdirSync(dirname(routingFile), { recursive: true });
  const routing: TextractRouting = {
    engineVersion: engineVersion(),
    generatedAt: new Date().toISOString(),
    basis,
    unsure: Object.fromEntries([...unsure].map(([path, u]) => [corpusRelative(path), u])),
  };
  writeFileSync(routingFile, `${JSON.stringify(routing, null, 1)}\n`);
}

/** eval:extract's verdicts for the current engine, or null when it has not run since the engine changed. */
export function readTextractRouting(): TextractRouting | null {
  if (!existsSync(routingFile)) return null;
  const routing = JSON.parse(readFileSync(routingFile, 'utf8')) as TextractRouting;
  return routing.engineVersion === engineVersion() ? routing : null;
}
