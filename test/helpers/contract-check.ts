import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under Node's ESM loader its default export is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

interface Operation {
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
}

/** One answer that does not match what the served OpenAPI declares for it. */
export interface ContractMismatch {
  request: string;
  status: number;
  problem: string;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

interface Template {
  path: string;
  pattern: RegExp;
  /** Literal segments: `/api/invoices/upload` beats `/api/invoices/{id}` for the same request. */
  literals: number;
}

/**
 * Checks answers against the OpenAPI document the gateway serves (ajv, JSON Schema draft 2020-12, as
 * OpenAPI 3.1 declares): the request's method and path pick the operation by its path template, the status
 * must be one of its declared responses, and a JSON body must match that response's schema.
 */
export class ContractChecker {
  readonly mismatches: ContractMismatch[] = [];
  /** How many answers were checked against an operation. */
  checked = 0;
  private readonly ajv: Ajv2020;
  private readonly templates: Template[];
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly doc: OpenApi) {
    // strict: false, as the document carries OpenAPI's own keywords (example, discriminator…) beside schemas.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(doc as object, 'openapi');
    this.templates = Object.keys(doc.paths).map((path) => {
      const parts = path.split('/').filter(Boolean);
      const source = parts.map((p) => (p.startsWith('{') ? '[^/]+' : p.replace(/[.*+?^$()|[\]\\]/g, '\\$&')));
      return {
        path,
        pattern: new RegExp(`^/${source.join('/')}/?$`),
        literals: parts.filter((p) => !p.startsWith('{')).length,
      };
    });
  }

  /** Checks one answer in the background (on a clone, so the caller still reads the body); see `settle`. */
  track(method: string, url: string, response: Response): void {
    const work = this.check(method.toUpperCase(), new URL(url), response.clone()).catch((error) => {
      this.mismatches.push({ request: `${method} ${url}`, status: response.status, problem: String(error) });
    });
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Waits for the checks still running and returns every mismatch found so far. */
  async settle(): Promise<ContractMismatch[]> {
    while (this.pending.size) await Promise.all([...this.pending]);
    return this.mismatches;
  }

  private async check(method: string, url: URL, response: Response): Promise<void> {
    const path = url.pathname;
    // Only the product's API is documented; the dev mailbox is local-only plumbing, not part of it.
    if (!path.startsWith('/api/') || path.startsWith('/api/dev/')) {
      await response.body?.cancel();
      return;
    }
    const request = `${method} ${path}`;
    const fail = (problem: string) => this.mismatches.push({ request, status: response.status, problem });
    const text = await response.text();
    const template = this.templates
      .filter((t) => t.pattern.test(path))
      .sort((a, b) => b.literals - a.literals)
      .find((t) => this.doc.paths[t.path]?.[method.toLowerCase()]);
    if (!template) {
      // The router's own answer to a path or method it does not serve (or cannot decode) is not an operation's.
      if (/"code":"(route_not_found|method_not_allowed|invalid_path)"/.test(text)) return;
      return void fail('no documented operation');
    }
    this.checked++;
    const operation = this.doc.paths[template.path]?.[method.toLowerCase()] as Operation;
    const status = String(response.status);
    const declared = operation.responses?.[status];
    if (!declared) {
      return void fail(
        `status not declared for ${method} ${template.path} (declared: ${Object.keys(operation.responses ?? {}).join(', ')}) ${text.slice(0, 200)}`,
      );
    }
    const json = declared.content?.['application/json'];
    if (!json) return;
    const type = response.headers.get('content-type') ?? '';
    if (!type.includes('json')) return void fail(`declared JSON, answered ${type || 'no content type'}`);
    const pointer = ['paths', template.path, method.toLowerCase(), 'responses', status, 'content']
      .map(escapePointer)
      .join('/');
    const key = `openapi#/${pointer}/application~1json/schema`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile({ $ref: key });
      this.validators.set(key, validate);
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return void fail('body is not JSON');
    }
    if (!validate(value)) {
      const errors = (validate.errors ?? [])
        .slice(0, 5)
        .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
      fail(`${template.path} ${status}: ${errors.join('; ')}`);
    }
  }
}

/** One readable line per mismatch, for a failing run's message. */
export function describeMismatches(mismatches: ContractMismatch[]): string {
  return mismatches.map((m) => `${m.request} → ${m.status}: ${m.problem}`).join('\n');
}
