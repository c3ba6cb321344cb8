/**
 * Node 20 lacks Promise.withResolvers, which aws-local-stepfunctions (the local workflow runner) needs;
 * Lambda runs Node 22, which has it. Import this first in every local entry point.
 */
const promise = Promise as unknown as { withResolvers?: unknown };
if (!promise.withResolvers) {
  promise.withResolvers = <T>() => {
    let resolve!: (value: T | PromiseLike<T>) => void;
    let reject!: (reason?: unknown) => void;
    const p = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise: p, resolve, reject };
  };
}

// The SDK warns once per process that its 2027 releases need Node 22. Lambda runs Node 22; this local
// runtime runs on the machine's Node 20 on purpose, so the warning only buries `npm start`'s own output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
