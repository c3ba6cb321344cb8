import { afterAll, beforeAll } from 'vitest';
import { resetEnv } from '../../functions/env';

/**
 * For unit tests of a third party's client against its local fake: the minimal function configuration,
 * with outbound calls allowed to reach loopback (where the fake listens); restored after the file.
 */
export function allowLoopbackOutbound(): void {
  const saved = { ...process.env };
  beforeAll(() => {
    Object.assign(process.env, {
      TABLE_NAME: 't',
      BUCKET_NAME: 'b',
      USER_POOL_ID: 'p',
      USER_POOL_CLIENT_ID: 'c',
      STAGE: 'local',
      OUTBOUND_ALLOW_LOOPBACK: 'true',
    });
    resetEnv();
  });
  afterAll(() => {
    process.env = saved;
    resetEnv();
  });
}
