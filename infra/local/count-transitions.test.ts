import { StateMachine } from 'aws-local-stepfunctions';
import { describe, expect, it } from 'vitest';
import { countTransitions } from './workflow-runner';

/**
 * What `npm run cost` bills Step Functions for: one transition per state entered and per retry, counted
 * from a real aws-local-stepfunctions run's event log (the engine of the local workflow runner).
 */
describe('countTransitions', () => {
  it('counts every state entered and every retry of a run', async () => {
    let calls = 0;
    const machine = new StateMachine({
      StartAt: 'First',
      States: {
        First: { Type: 'Pass', Next: 'flaky' },
        flaky: {
          Type: 'Task',
          Resource: 'arn:aws:lambda:us-east-1:000000000000:function:flaky',
          Retry: [{ ErrorEquals: ['States.ALL'], IntervalSeconds: 1, MaxAttempts: 3 }],
          Next: 'Done',
        },
        Done: { Type: 'Succeed' },
      },
    } as never);
    const execution = machine.run(
      {},
      {
        overrides: {
          taskResourceLocalHandlers: {
            flaky: async () => {
              calls++;
              if (calls < 3) throw new Error('not yet');
              return { ok: true };
            },
          },
          retryIntervalOverrides: { flaky: 0 },
        },
      },
    );
    const [transitions, result] = await Promise.all([
      countTransitions(execution.eventLogs),
      execution.result,
    ]);
    expect(result).toEqual({ ok: true });
    expect(calls).toBe(3);
    // First, flaky, its two retries, Done.
    expect(transitions).toBe(5);
  });
});
