/**
 * In the cloud each Lambda invocation is isolated; locally every handler shares `npm start`'s process,
 * so one handler's forgotten promise rejection or a throw inside a timer would end the whole product.
 * They are logged and the stack keeps serving.
 */
export function keepServingThroughStrayErrors(log: (line: string) => void): void {
  const describe = (error: unknown) =>
    error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.on('unhandledRejection', (reason) =>
    log(`Unhandled rejection (still serving): ${describe(reason)}`),
  );
  process.on('uncaughtException', (error) => log(`Uncaught exception (still serving): ${describe(error)}`));
}
