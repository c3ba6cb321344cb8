import { Aws, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { TABLE_INDEXES, TABLE_KEYS, TTL_ATTRIBUTE } from '../../functions/adapters/dynamodb/table-definition';
import { type AppConfig, physicalNames } from './config';
import { acknowledge } from './nag';

export interface DataStackProps extends StackProps {
  config: AppConfig;
  /** `https://<distribution domain>`: the only origin allowed to POST files to the upload bucket. */
  siteOrigin: string;
  /** Receives the upload bucket's S3 server access logs (lives in the web stack, same region). */
  accessLogsBucket: s3.IBucket;
}

/** Prefix of the objects whose creation starts the workflow. */
export const UPLOADS_PREFIX = 'uploads/';
/** Vendors' certificate files (`certificates/<orgId>/<certificateId>/<fileId>`): outside uploads/, so none starts the workflow. */
export const CERTIFICATES_PREFIX = 'certificates/';
/** Where asynchronous Textract jobs write their answers (read back by Normalize). */
export const TEXTRACT_OUTPUT_PREFIX = 'textract-output/';

/**
 * The single table (built from the same definition the local runtime uses) and the upload bucket. Both have
 * fixed physical names so the other stacks compute ARNs instead of importing them (see config.ts).
 */
export class DataStack extends Stack {
  readonly table: dynamodb.TableV2;
  readonly uploads: s3.Bucket;
  /**
   * Wraps the data keys of stored secrets (integration credentials, webhook secrets; see
   * functions/adapters/secrets). Who may seal and who may open is granted per function by
   * AppFunction.bindSecretsKey: only the functions that send can decrypt.
   */
  readonly secretsKey: kms.Key;
  /**
   * The Intuit OAuth app of the Connect to QuickBooks flow: `{clientId, clientSecret}`, filled in after the
   * first deploy (docs/deploy.md). Until it holds a client id the Integrations tab offers only a pasted token.
   */
  readonly quickBooksApp: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;
    const names = physicalNames(config);

    const string = (name: string) => ({ name, type: dynamodb.AttributeType.STRING });
    this.table = new dynamodb.TableV2(this, 'Table', {
      tableName: names.table,
      partitionKey: string(TABLE_KEYS.partitionKey),
      sortKey: string(TABLE_KEYS.sortKey),
      globalSecondaryIndexes: TABLE_INDEXES.map((index) => ({
        indexName: index.indexName,
        partitionKey: string(index.partitionKey),
        sortKey: string(index.sortKey),
        projectionType: dynamodb.ProjectionType.ALL,
      })),
      billing: dynamodb.Billing.onDemand(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // AWS-owned keys would also encrypt; the AWS-managed key adds CloudTrail visibility of key use at
      // no key fee, without the key-policy upkeep of a customer-managed key.
      encryption: dynamodb.TableEncryptionV2.awsManagedKey(),
      timeToLiveAttribute: TTL_ATTRIBUTE,
      // The outbox relay's feed: the keys of every write (the relay's event source keeps only new
      // OUTBOX items and reads each item itself, so the stream carries no invoice contents).
      dynamoStream: dynamodb.StreamViewType.KEYS_ONLY,
      deletionProtection: config.production,
      removalPolicy: config.removalPolicy,
    });

    this.secretsKey = new kms.Key(this, 'SecretsKey', {
      alias: `alias/${config.prefix}-secrets`,
      description: 'Invoice Pilot: envelope key of integration credentials and webhook secrets',
      enableKeyRotation: true,
      removalPolicy: config.removalPolicy,
      // A deleted sandbox's key can still be recovered for a week; production keeps it (RETAIN).
      pendingWindow: Duration.days(7),
    });

    this.quickBooksApp = new secretsmanager.Secret(this, 'QuickBooksApp', {
      secretName: names.quickBooksAppSecret,
      description: 'Intuit OAuth app (clientId, clientSecret) of the Connect to QuickBooks flow',
      // A placeholder of the right shape, so the functions' dynamic references resolve before it is set.
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ clientId: '' }),
        generateStringKey: 'clientSecret',
        excludePunctuation: true,
      },
      removalPolicy: config.removalPolicy,
    });
    acknowledge(this.quickBooksApp, {
      'AwsSolutions-SMG4':
        'The client secret is issued by Intuit, not by us; it is rotated in the Intuit developer portal and then put here (docs/deploy.md).',
    });

    this.uploads = new s3.Bucket(this, 'Uploads', {
      bucketName: names.uploadBucket(Aws.ACCOUNT_ID, Aws.REGION),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // SSE-S3: Textract reads the files with the workflow's credentials and needs no KMS grant.
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      eventBridgeEnabled: true,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 's3/uploads/',
      cors: [
        {
          // The browser POSTs the file straight to S3 with the presigned policy from the API.
          allowedMethods: [s3.HttpMethods.POST],
          allowedOrigins: [props.siteOrigin],
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag', 'Location'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { id: 'abort-incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Textract's raw job output is read once by Normalize; keeping it longer only costs.
        { id: 'expire-textract-output', prefix: TEXTRACT_OUTPUT_PREFIX, expiration: Duration.days(7) },
      ],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: !config.production,
    });

    // eventBridgeEnabled is applied by CDK's bucket-notifications handler (a CDK-owned singleton).
    const notifications = this.node.children.find((c) => c.node.id.startsWith('BucketNotificationsHandler'));
    if (notifications) {
      acknowledge(notifications, {
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]':
          'CDK’s bucket-notifications handler (a CDK-owned singleton that turns on EventBridge delivery) only writes its own logs with this managed policy.',
      });
    }

    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'UploadBucketName', { value: this.uploads.bucketName });
  }
}
