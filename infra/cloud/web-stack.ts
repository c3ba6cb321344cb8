import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Aws, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import {
  contentSecurityPolicy,
  FRAME_OPTIONS,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
} from '../security-headers';
import { nagResource } from './app-function';
import { API_STAGE_NAME, type AppConfig, physicalNames } from './config';
import { acknowledge, wildcardFindings } from './nag';

// ---------------------------------------------------------------------------------------------------------
// WAF for CloudFront: a CLOUDFRONT-scoped WebACL must be created in us-east-1, whatever the app's region.
// It gets its own small stack there; the web stack reads its ARN through a cross-region reference
// (CDK stores it in SSM in us-east-1 and reads it back at deploy time), which synthesizes offline.
// ---------------------------------------------------------------------------------------------------------

export interface WebFirewallStackProps extends StackProps {
  config: AppConfig;
}

export class WebFirewallStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: WebFirewallStackProps) {
    super(scope, id, props);
    const { config } = props;
    const visibility = (name: string) => ({
      cloudWatchMetricsEnabled: true,
      metricName: `${config.prefix}-${name}`,
      sampledRequestsEnabled: true,
    });
    const acl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: `${config.prefix}-web`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('web'),
      rules: [
        {
          // Per client IP over 5 minutes: well above an office of people with the SPA's 30 s refresh.
          name: 'rate-limit-per-ip',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: config.wafRateLimit, aggregateKeyType: 'IP' } },
          visibilityConfig: visibility('rate-limit'),
        },
        {
          name: 'aws-common-rules',
          priority: 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // `POST /api/invoices/upload` carries files of up to 10 MiB; the rule set blocks bodies over
              // 8 KB. Counted instead: API Gateway and the handler enforce the real size limit (413).
              ruleActionOverrides: [{ name: 'SizeRestrictions_BODY', actionToUse: { count: {} } }],
            },
          },
          visibilityConfig: visibility('common'),
        },
      ],
    });
    this.webAclArn = acl.attrArn;
  }
}

export interface WebStackProps extends StackProps {
  config: AppConfig;
  userPoolId: string;
  userPoolClientId: string;
  /** The REST API whose stage `API_STAGE_NAME` serves `/api/*`. */
  restApiId: string;
  /** ARN of the CLOUDFRONT-scoped WebACL (us-east-1). */
  webAclArn: string;
  /** The built SPA (`npm run build:web`). @default web/dist under the repository root */
  siteAssetPath: string;
}

/**
 * The site: a private bucket behind CloudFront (OAC) with the SPA, `config.json` written at deploy time,
 * `/api/*` forwarded to API Gateway on the same origin, security headers and the WebACL. Also holds the
 * access-log bucket (S3 server access logs and CloudFront logs).
 */
export class WebStack extends Stack {
  readonly distribution: cloudfront.Distribution;
  readonly siteBucket: s3.Bucket;
  readonly logsBucket: s3.Bucket;
  /** `https://<distribution domain>`. */
  readonly siteOrigin: string;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { config } = props;
    if (!existsSync(join(props.siteAssetPath, 'index.html'))) {
      throw new Error(
        `The SPA is not built: ${join(props.siteAssetPath, 'index.html')} does not exist. Run \`npm run build:web\` ` +
          'before synth/deploy (or pass --context webDist=<dir>).',
      );
    }

    this.logsBucket = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      // CloudFront standard logs are delivered with an ACL, so ACLs must stay enabled on this bucket.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(config.production ? 365 : 30) }],
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: !config.production,
    });
    acknowledge(this.logsBucket, {
      'AwsSolutions-S1': 'This is the access-log bucket; logging its own access would recurse.',
    });

    this.siteBucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/site/',
      // The site is rebuilt from the repository on every deploy; nothing in it needs keeping.
      removalPolicy: config.removalPolicy,
      autoDeleteObjects: !config.production,
    });

    const uploadBucket = physicalNames(config).uploadBucket(Aws.ACCOUNT_ID, this.region);
    const csp = contentSecurityPolicy({
      connectSources: [
        `https://cognito-idp.${this.region}.amazonaws.com`,
        `https://${uploadBucket}.s3.${this.region}.amazonaws.com`,
      ],
      upgradeInsecureRequests: true,
    });
    const headers = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      responseHeadersPolicyName: `${config.prefix}-security-headers`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: FRAME_OPTIONS as cloudfront.HeadersFrameOption, override: true },
        referrerPolicy: {
          referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
      },
    });

    // SPA routing in a viewer-request function rather than 403/404 error responses: error responses apply
    // to the whole distribution and would turn the API's JSON 403/404 answers into index.html.
    const spaRouting = new cloudfront.Function(this, 'SpaRouting', {
      functionName: `${config.prefix}-spa-routing`,
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      comment: 'Serves index.html for client-side routes (paths without a file extension)',
      code: cloudfront.FunctionCode.fromInline(
        [
          'function handler(event) {',
          '  var request = event.request;',
          "  var last = request.uri.split('/').pop();",
          "  if (last.indexOf('.') === -1) request.uri = '/index.html';",
          '  return request;',
          '}',
        ].join('\n'),
      ),
    });

    const apiOrigin = new origins.HttpOrigin(
      `${props.restApiId}.execute-api.${this.region}.${this.urlSuffix}`,
      {
        originPath: `/${API_STAGE_NAME}`,
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      },
    );

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `${config.prefix} site and /api`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        functionAssociations: [
          { function: spaRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
        compress: true,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Authorization, query strings and cookies reach the API; Host must be the API's own.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
          compress: true,
        },
      },
    });
    acknowledge(this.distribution, {
      'AwsSolutions-CFR1':
        'Customers are property-management companies whose staff and API clients may be anywhere; there is no country to exclude. The WebACL rate-limits abusive clients instead.',
      'AwsSolutions-CFR4':
        'The distribution uses the default *.cloudfront.net certificate, for which CloudFront fixes the minimum protocol; TLSv1.2_2021 is set together with a custom domain and ACM certificate.',
    });
    this.siteOrigin = `https://${this.distribution.distributionDomainName}`;

    // Hashed assets first (kept across deploys so open tabs still load them), then index.html and the
    // runtime config, which must never be cached by browsers, then a CloudFront invalidation.
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [s3deploy.Source.asset(props.siteAssetPath)],
      destinationBucket: this.siteBucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      memoryLimit: 512,
    });
    const site = new s3deploy.BucketDeployment(this, 'DeploySite', {
      sources: [
        s3deploy.Source.asset(props.siteAssetPath, { exclude: ['assets/**'] }),
        s3deploy.Source.jsonData('config.json', {
          region: this.region,
          userPoolId: props.userPoolId,
          userPoolClientId: props.userPoolClientId,
          userPoolEndpoint: null,
          authFlowType: 'USER_SRP_AUTH',
        }),
      ],
      destinationBucket: this.siteBucket,
      exclude: ['assets/*'],
      prune: true,
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    site.node.addDependency(assets);
    this.acknowledgeDeploymentHandler();

    new CfnOutput(this, 'SiteUrl', { value: this.siteOrigin });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
  }

  /**
   * BucketDeployment runs a CDK-owned singleton function whose role CDK writes: it reads the staged zip
   * from the bootstrap asset bucket, syncs it into the site bucket and invalidates the distribution.
   * Each of its findings is acknowledged by id, with what that permission is for.
   */
  private acknowledgeDeploymentHandler(): void {
    const handler = this.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) return;
    const policy = handler.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy')?.node
      .defaultChild as CfnPolicy | undefined;
    const site = nagResource(this, this.siteBucket.arnForObjects('*'));
    const reasonFor = (finding: string) => {
      if (finding.includes('Action::')) {
        return 'CDK’s own read/write action groups for the deployment handler (s3 Get*/List*/Delete*/Abort* on the asset and site buckets only).';
      }
      if (finding.includes(site))
        return 'The handler writes and prunes the SPA’s objects; the wildcard is the site bucket’s keys.';
      if (finding.endsWith('[Resource::*]')) {
        return 'CDK grants the handler cloudfront:CreateInvalidation/GetInvalidation on "*" to invalidate this distribution after the copy.';
      }
      return 'The handler reads the staged site zip from the CDK bootstrap asset bucket (objects only).';
    };
    acknowledge(handler, {
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]':
        'CDK’s BucketDeployment handler is a CDK-owned singleton that only writes its own logs with this managed policy.',
      'AwsSolutions-L1':
        'The BucketDeployment handler’s runtime is chosen and upgraded by aws-cdk-lib, not by this app.',
      ...(policy ? Object.fromEntries(wildcardFindings(policy).map((f) => [f, reasonFor(f)])) : {}),
    });
  }
}
