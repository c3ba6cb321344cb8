// The Lambda Node.js runtime's part, in a fresh process: load `<task root>/<file>` from the function's
// Handler setting once (cold start), then call the exported handler for every event the parent sends,
// answering with the result or the error's name and message. Plain JavaScript with only node: imports,
// so nothing here resolves modules for the bundle.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const taskRoot = process.env.LAMBDA_TASK_ROOT;
const [file, exportName] = process.env._HANDLER.split('.');
const candidates = ['.mjs', '.js', '.cjs'].map((ext) => join(taskRoot, `${file}${ext}`));
const path = candidates.find((candidate) => existsSync(candidate));

let loaded;
const load = () => {
  loaded ??= (async () => {
    if (!path)
      throw Object.assign(new Error(`No ${file}.mjs/.js/.cjs in the task root`), {
        name: 'Runtime.ImportModuleError',
      });
    // As the runtime does: .mjs is an ES module, .js/.cjs CommonJS (no package.json says otherwise here).
    const module = path.endsWith('.mjs')
      ? await import(pathToFileURL(path).href)
      : createRequire(import.meta.url)(path);
    const handler = module[exportName];
    if (typeof handler !== 'function')
      throw Object.assign(new Error(`${file}.${exportName} is not a function`), {
        name: 'Runtime.HandlerNotFound',
      });
    return handler;
  })();
  return loaded;
};

const context = (id) => ({
  functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
  functionVersion: '$LATEST',
  memoryLimitInMB: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
  awsRequestId: id,
  invokedFunctionArn: `arn:aws:lambda:${process.env.AWS_REGION}:000000000000:function:${process.env.AWS_LAMBDA_FUNCTION_NAME}`,
  logGroupName: `/aws/lambda/${process.env.AWS_LAMBDA_FUNCTION_NAME}`,
  logStreamName: 'local',
  callbackWaitsForEmptyEventLoop: false,
  getRemainingTimeInMillis: () => 30_000,
});

process.on('message', async ({ id, event }) => {
  const started = performance.now();
  // Lambda sets each invocation's X-Ray trace header (tracing is active; not sampled here).
  const hex = (n) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  process.env._X_AMZN_TRACE_ID = `Root=1-${Math.floor(Date.now() / 1000).toString(16)}-${hex(24)};Parent=${hex(16)};Sampled=0`;
  try {
    const handler = await load();
    const result = await handler(event, context(id));
    process.send({ id, ok: true, result: result ?? null, ms: performance.now() - started });
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    process.send({
      id,
      ok: false,
      error: { name: e.name, message: e.message, stack: e.stack },
      ms: performance.now() - started,
    });
  }
});
process.send({ ready: true });
