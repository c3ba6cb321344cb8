import { handler } from '../../functions/workers/insurance-expiry/handler';

/** The cloud's schedule runs the alerts once a day; so does `npm start`, starting when it starts. */
const DAY_MS = 24 * 60 * 60 * 1000;

export interface LocalInsuranceAlerts {
  stop(): Promise<void>;
}

/**
 * The daily insurance expiry alerts of `npm start` (functions/workers/insurance-expiry): run at start, as a
 * server started after a day off catches up, then every day. A second run the same day sends nothing new.
 */
export function startInsuranceAlerts(options: { log?: (line: string) => void } = {}): LocalInsuranceAlerts {
  const log = options.log ?? (() => undefined);
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = handler({}).then(
      (result) => {
        if (result.notified || result.emailed)
          log(`insurance alerts: ${result.notified} alert(s), ${result.emailed} e-mail(s)`);
      },
      (error) => log(`insurance alerts: ${(error as Error).message}`),
    );
  };
  run();
  const timer = setInterval(run, DAY_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
