import { RemovalPolicy } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { InvalidStageError, resolveConfig } from './config';

const source = (context: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) => ({
  context: (key: string) => context[key],
  env,
});

describe('stage validation', () => {
  it.each(['Alice', '1dev', 'a', 'dev_1', 'a'.repeat(22), 'dev.1', ''])(
    'rejects the stage %j with the clear message',
    (stage) => {
      expect(() => resolveConfig(source({ stage }))).toThrow(InvalidStageError);
      expect(() => resolveConfig(source({ stage }))).toThrow(
        /--context stage=<name>.*\^\[a-z\]\[a-z0-9-\]\{1,20\}\$/,
      );
    },
  );

  it('refuses a deploy without a stage even though cdk.json has a default', () => {
    // A deploy always has credentials, so the CLI resolves an account.
    const deploy = source({ defaultStage: 'dev' }, { CDK_DEFAULT_ACCOUNT: '123456789012' });
    expect(() => resolveConfig(deploy)).toThrow('Invalid stage (missing)');
  });

  it('uses the cdk.json default for an offline synth without a stage', () => {
    expect(resolveConfig(source({ defaultStage: 'dev' })).stage).toBe('dev');
  });

  it('fails when there is neither a stage nor a default', () => {
    expect(() => resolveConfig(source({}))).toThrow(InvalidStageError);
  });

  it('accepts a sandbox name and derives disposable settings', () => {
    const config = resolveConfig(source({ stage: 'alice-2', region: 'eu-west-1' }));
    expect(config).toMatchObject({
      stage: 'alice-2',
      prefix: 'alice-2-invoice-pilot',
      region: 'eu-west-1',
      production: false,
      removalPolicy: RemovalPolicy.DESTROY,
    });
  });

  it('protects prod and staging and refuses stub handlers there', () => {
    for (const stage of ['prod', 'staging']) {
      expect(resolveConfig(source({ stage }))).toMatchObject({
        production: true,
        removalPolicy: RemovalPolicy.RETAIN,
      });
      expect(() => resolveConfig(source({ stage, allowMissingHandlers: 'true' }))).toThrow(/sandboxes only/);
    }
  });
});

describe('CloudFormation template validation', () => {
  it('runs whenever an account is resolved, so on every deploy', () => {
    const withCredentials = source({ stage: 'alice' }, { CDK_DEFAULT_ACCOUNT: '123456789012' });
    expect(resolveConfig(withCredentials).templateValidation).toBe(true);
    expect(resolveConfig(source({ stage: 'alice', account: '123456789012' })).templateValidation).toBe(true);
  });

  it('is skipped by an offline synth (the unit tests validate the templates instead)', () => {
    expect(resolveConfig(source({ defaultStage: 'dev' })).templateValidation).toBe(false);
  });

  it('follows an explicit --context templateValidation either way', () => {
    expect(
      resolveConfig(source({ defaultStage: 'dev', templateValidation: 'true' })).templateValidation,
    ).toBe(true);
    const deploy = source({ stage: 'alice', templateValidation: 'false' }, { CDK_DEFAULT_ACCOUNT: '1' });
    expect(resolveConfig(deploy).templateValidation).toBe(false);
  });
});
