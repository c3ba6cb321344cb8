// First: the local invocation store must exist before any Logger or Metrics is built (see the file).
import './local-invocations';
import { Logger, type LogItem, LogLevelThreshold } from '@aws-lambda-powertools/logger';

/** The service every log line, metric and trace is filed under (the CDK sets the same name). */
export const SERVICE_NAME = process.env.POWERTOOLS_SERVICE_NAME || 'invoice-pilot';

const consoleMethod = (level: number) =>
  level >= LogLevelThreshold.ERROR
    ? 'error'
    : level >= LogLevelThreshold.WARN
      ? 'warn'
      : level >= LogLevelThreshold.INFO
        ? 'info'
        : 'debug';

/**
 * Powertools' logger. In Lambda it writes its JSON lines to stdout itself, past the runtime's console
 * (which would prefix each line); everywhere else (`npm start`, the tests) the same one JSON line goes
 * through the process's console, so the terminal and the test runner see it as they see any output.
 */
class AppLogger extends Logger {
  protected override printLog(logLevel: number, log: LogItem): void {
    if (process.env.AWS_LAMBDA_FUNCTION_NAME) {
      super.printLog(logLevel, log);
      return;
    }
    log.prepareForPrint();
    console[consoleMethod(logLevel)](JSON.stringify(log.getAttributes(), this.getJsonReplacer()));
  }
}

/**
 * The one logger of every function, in the cloud and in `npm start` alike: one JSON line per entry
 * (level, message, timestamp, service, then the invocation's function name and request id, and the
 * organization id when a principal made the request; see `middleware.ts`). `POWERTOOLS_LOG_LEVEL` sets
 * the level (INFO unless set).
 */
export const logger: Logger = new AppLogger({ serviceName: SERVICE_NAME });

/**
 * Logs a failure, the one way errors are logged: the message, the error's name, message and stack
 * (or its text when something other than an Error was thrown), and any attributes that say what failed.
 */
export function logError(message: string, error: unknown, attributes: Record<string, unknown> = {}): void {
  if (error instanceof Error) logger.error({ message, ...attributes }, error);
  else logger.error({ message, ...attributes, error: String(error) });
}
