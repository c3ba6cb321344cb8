import { expect } from 'vitest';
import type { z } from 'zod';

/** An answer's JSON body, after checking its status (the body is shown when it differs) and its schema. */
export async function body<S extends z.ZodType>(
  response: Response,
  status: number,
  schema: S,
): Promise<z.output<S>> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return schema.parse(JSON.parse(text));
}
