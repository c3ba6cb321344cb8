import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';

/** Stage names become stack-name prefixes and parts of bucket names, so they stay short and DNS-safe. */
export const STAGE_PATTERN = /^[a-z][a-z0-9-]{1,20}$/;

/** Stages holding real customer data: deletion protection on, data kept when a stack is deleted. */
export const PRODUCTION_STAGES = ['prod', 'staging'] as const;

export const APP_NAME = 'invoice-pilot';

/** API Gateway stage every CloudFront `/api/*` request is sent to (the origin path). */
export const API_STAGE_NAME = 'v1';

/** Thrown while the app is being built when the stage is missing or malformed: synth stops before any template. */
export class InvalidStageError extends Error {
  constructor(value: unknown) {
    const shown = value === undefined || value === null || value === '' ? 'missing' : `"${String(value)}"`;
    super(
      `Invalid stage (${shown}). Pass your sandbox name with --context stage=<name>, for example ` +
        '`npm run deploy -- --context stage=alice`; <name> must match ^[a-z][a-z0-9-]{1,20}$ ' +
        '(lower-case letter first, then 1-20 lower-case letters, digits or dashes).',
    );
    this.name = 'InvalidStageError';
  }
}

/** Everything the stacks derive from the stage and the target region. */
export interface AppConfig {
  stage: string;
  /** Region of every stack except the CloudFront WebACL, which CloudFront requires in us-east-1. */
  region: string;
  /** Account from the CLI's credentials; undefined offline, which keeps synth environment-agnostic on account. */
  account?: string;
  /** `prod` and `staging`: deletion protection and RETAIN; every other stage is a disposable sandbox. */
  production: boolean;
  /** Prefix of every stack and physical name: `<stage>-invoice-pilot`. */
  prefix: string;
  removalPolicy: RemovalPolicy;
  logRetention: RetentionDays;
  /** Missing handler modules are replaced by a 501 stub (sandbox stages only), see handlers.ts. */
  allowMissingHandlers: boolean;
  /** Optional e-mail address subscribed to the alarm topic. */
  alarmEmail?: string;
  /** Requests per 5 minutes per client IP before the WebACL blocks it. */
  wafRateLimit: number;
  /**
   * The domain of the organizations' invoice inboxes (`--context inboxDomain=…`): SES must be verified for
   * it and its MX record must point at SES inbound (docs/deploy.md). Default `<stage>.inbox.invoicepilot.app`.
   */
  inboxDomain: string;
  /**
   * Whether CDK's built-in CloudFormation template validation (resource schemas and AWS's default rules,
   * fatal through the cdk.json feature flag) runs in this synth. It costs about 10 s of CPU, so it runs
   * when an account is resolved (every deploy, diff or synth with credentials) and is skipped by offline
   * synths (`npm run synth`, CI), whose templates the unit tests already validate with the same rules
   * (cloud-app.test.ts). `--context templateValidation=true|false` decides explicitly. The cdk-nag checks
   * are cheap and run on every synth regardless.
   */
  templateValidation: boolean;
}

/** Values the CDK app reads: its context (cdk.json and --context) and the process environment. */
export interface ConfigSource {
  context: (key: string) => unknown;
  env: NodeJS.ProcessEnv;
}

/**
 * Resolves the stage and derived settings. An explicit `--context stage=…` always wins. Without it the
 * cdk.json `defaultStage` applies only when no AWS account is resolved, that is an offline synth (CI, a
 * laptop without credentials). A deploy always resolves an account (the CLI sets CDK_DEFAULT_ACCOUNT from
 * the credentials), so `cdk deploy` without a stage stops here instead of deploying someone else's sandbox.
 * The CLI tells the app nothing about which command runs it, hence this proxy.
 */
export function resolveConfig(source: ConfigSource): AppConfig {
  const explicit = source.context('stage');
  const offline = !source.env.CDK_DEFAULT_ACCOUNT && !source.context('account');
  const fallback = offline ? source.context('defaultStage') : undefined;
  const stage = explicit ?? fallback;
  if (typeof stage !== 'string' || !STAGE_PATTERN.test(stage)) throw new InvalidStageError(stage);

  const production = (PRODUCTION_STAGES as readonly string[]).includes(stage);
  const allowMissingHandlers = flag(source.context('allowMissingHandlers'));
  if (production && allowMissingHandlers) {
    throw new Error(
      `allowMissingHandlers is for sandboxes only; stage "${stage}" must deploy real handlers.`,
    );
  }
  const region =
    str(source.context('region')) ??
    source.env.CDK_DEFAULT_REGION ??
    source.env.AWS_REGION ??
    source.env.AWS_DEFAULT_REGION ??
    'us-east-1';
  const rate = Number(source.context('wafRateLimit') ?? 2000);
  const templateValidation = source.context('templateValidation');
  return {
    stage,
    region,
    account: str(source.context('account')) ?? source.env.CDK_DEFAULT_ACCOUNT,
    production,
    prefix: `${stage}-${APP_NAME}`,
    removalPolicy: production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    logRetention: production ? RetentionDays.THREE_MONTHS : RetentionDays.TWO_WEEKS,
    allowMissingHandlers,
    alarmEmail: str(source.context('alarmEmail')),
    wafRateLimit: Number.isInteger(rate) && rate >= 100 ? rate : 2000,
    inboxDomain: str(source.context('inboxDomain')) ?? `${stage}.inbox.invoicepilot.app`,
    templateValidation: templateValidation === undefined ? !offline : flag(templateValidation),
  };
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Context values arrive as strings from the command line (`-c x=true`) and as booleans from cdk.json. */
function flag(value: unknown): boolean {
  return value === true || value === 'true';
}

/**
 * Physical names that other stacks compute instead of importing. Deterministic names avoid CloudFormation
 * exports (which block replacing a resource while another stack uses it) and let the site's CSP name the
 * upload bucket before the bucket's stack exists.
 */
export function physicalNames(config: Pick<AppConfig, 'prefix' | 'stage'>) {
  return {
    table: `${config.prefix}`,
    /** S3 names are global and ≤ 63 chars: `ip-<stage>-uploads-<account>-<region>` (resolved at deploy). */
    uploadBucket: (account: string, region: string) => `ip-${config.stage}-uploads-${account}-${region}`,
    /** Secrets Manager: the Intuit OAuth app `{clientId, clientSecret}` (data stack; read by name elsewhere). */
    quickBooksAppSecret: `${config.prefix}/quickbooks-oauth-app`,
  };
}
