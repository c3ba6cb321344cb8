import { App, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from './config';
import { DataStack } from './data-stack';

/** The data stack alone for one stage (no functions, so no bundling and a fast synth). */
function dataTemplate(stage: string): Template {
  const app = new App();
  const config = resolveConfig({ context: (k) => ({ stage, region: 'eu-west-1' })[k], env: {} });
  const env = { region: 'eu-west-1', account: '123456789012' };
  const logs = new Bucket(new Stack(app, 'Logs', { env }), 'Logs');
  return Template.fromStack(
    new DataStack(app, 'Data', {
      config,
      env,
      siteOrigin: 'https://d111.cloudfront.net',
      accessLogsBucket: logs,
    }),
  );
}

let prod: Template;
let sandbox: Template;
beforeAll(() => {
  prod = dataTemplate('prod');
  sandbox = dataTemplate('alice');
});

describe('data stack per stage', () => {
  it('protects the table and keeps data on prod', () => {
    const t = prod;
    t.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [Match.objectLike({ DeletionProtectionEnabled: true })],
    });
    t.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' });
    t.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
    expect(Object.keys(t.findResources('Custom::S3AutoDeleteObjects'))).toHaveLength(0);
  });

  it('lets a sandbox be torn down completely', () => {
    const t = sandbox;
    t.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [Match.objectLike({ DeletionProtectionEnabled: false })],
    });
    t.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
    t.resourceCountIs('Custom::S3AutoDeleteObjects', 1);
  });

  it('allows the presigned POST only from the site origin', () => {
    sandbox.hasResourceProperties('AWS::S3::Bucket', {
      CorsConfiguration: {
        CorsRules: [Match.objectLike({ AllowedOrigins: ['https://d111.cloudfront.net'] })],
      },
    });
  });
});
