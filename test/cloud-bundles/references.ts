import type { Template } from './synth';

/** What a template's resources stand for locally, by resource type (and name where one type has several). */
export interface LocalParts {
  region: string;
  tableName: string;
  /** Local bucket per deployed bucket's logical id prefix (`Uploads`, `InboundMail`). */
  buckets: Record<string, string>;
  userPoolId: string;
  userPoolClientId: string;
  /** The gateway's origin: what CloudFront's domain stands for (`https://<domain>` resolves to it). */
  siteOrigin: string;
  /** Queue URL per queue name suffix (`integration-sync`, `webhook-delivery`). */
  queues: Record<string, string>;
  stateMachineArn: string;
  /** Secret value per secret name suffix (`cursor-signing-key`, `quickbooks-app`): a string or JSON fields. */
  secrets: Record<string, string | Record<string, string>>;
}

/** A value with no local counterpart: the variable is left out (the local runtime sets its own instead). */
export const LOCAL_ONLY = Symbol('local-only');
/** The KMS key of stored secrets: locally the runtime's key file (SECRETS_KEY_FILE) stands in for it. */
const KMS_KEY = Symbol('kms-key');

type Resolved = string | typeof LOCAL_ONLY | typeof KMS_KEY;

/**
 * Resolves the intrinsic functions of one function's environment (Ref, Fn::GetAtt, Fn::Join, Fn::Sub,
 * Fn::ImportValue across stacks, and `{{resolve:secretsmanager:…}}` dynamic references) to the local parts'
 * names and endpoints. A physical name the template fixes as a literal (the table, the upload bucket) is
 * mapped by finding the resource that carries it. Anything unknown throws, naming the variable.
 */
export class ReferenceResolver {
  readonly #physical = new Map<string, string>();

  constructor(
    private readonly templates: Record<string, Template>,
    private readonly local: LocalParts,
  ) {
    for (const [stack, template] of Object.entries(templates)) {
      for (const [id, resource] of Object.entries(template.Resources)) {
        const props = resource.Properties ?? {};
        const named = (key: string, value: string) => {
          const physical = props[key] === undefined ? undefined : this.#resolve(stack, props[key], key);
          if (typeof physical === 'string') this.#physical.set(physical, value);
        };
        if (resource.Type === 'AWS::DynamoDB::GlobalTable') named('TableName', local.tableName);
        if (resource.Type === 'AWS::S3::Bucket') {
          const bucket = this.#bucket(id);
          if (bucket) named('BucketName', bucket);
        }
      }
    }
  }

  /** The environment a function gets, resolved; variables that only exist in the cloud are dropped. */
  environment(stack: string, variables: Record<string, unknown>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(variables)) {
      const resolved = this.#resolve(stack, value, name);
      if (typeof resolved !== 'string') continue;
      out[name] = this.#physical.get(resolved) ?? this.#dynamicReferences(resolved, name);
    }
    return out;
  }

  #resolve(stack: string, value: unknown, name: string): Resolved {
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    const node = value as Record<string, unknown>;
    const [fn] = Object.keys(node);
    const arg = node[fn];
    const template = this.templates[stack];
    switch (fn) {
      case 'Ref': {
        const pseudo: Record<string, string> = {
          'AWS::AccountId': '000000000000',
          'AWS::Region': this.local.region,
          'AWS::Partition': 'aws',
          'AWS::URLSuffix': 'amazonaws.com',
        };
        if (pseudo[arg as string]) return pseudo[arg as string];
        return this.#ref(stack, arg as string, template, name);
      }
      case 'Fn::GetAtt': {
        const [id, attribute] = arg as [string, string];
        const type = template.Resources[id]?.Type;
        if (type === 'AWS::CloudFront::Distribution' && attribute === 'DomainName')
          return new URL(this.local.siteOrigin).host;
        if (type === 'AWS::KMS::Key' && attribute === 'Arn') return KMS_KEY;
        throw new Error(`${name}: no local counterpart of ${type} ${id}.${attribute}`);
      }
      case 'Fn::ImportValue': {
        const exportName = this.#resolve(stack, arg, name);
        for (const [other, t] of Object.entries(this.templates)) {
          for (const output of Object.values(t.Outputs ?? {})) {
            if (output.Export && this.#resolve(other, output.Export.Name, name) === exportName)
              return this.#resolve(other, output.Value, name);
          }
        }
        throw new Error(`${name}: no stack exports ${String(exportName)}`);
      }
      case 'Fn::Join': {
        const [separator, parts] = arg as [string, unknown[]];
        const resolved = parts.map((p) => this.#resolve(stack, p, name));
        if (resolved.includes(KMS_KEY)) return KMS_KEY;
        if (resolved.includes(LOCAL_ONLY)) return LOCAL_ONLY;
        const joined = resolved.join(separator);
        // `https://<distribution domain>` is the site's origin: locally the gateway's (plain http).
        return joined === `https://${new URL(this.local.siteOrigin).host}` ? this.local.siteOrigin : joined;
      }
      default:
        throw new Error(`${name}: cannot resolve ${JSON.stringify(value).slice(0, 200)}`);
    }
  }

  #ref(stack: string, id: string, template: Template, name: string): Resolved {
    const resource = template.Resources[id];
    const props = resource?.Properties ?? {};
    const literal = (key: string) => this.#resolve(stack, props[key], name) as string;
    switch (resource?.Type) {
      case 'AWS::Cognito::UserPool':
        return this.local.userPoolId;
      case 'AWS::Cognito::UserPoolClient':
        return this.local.userPoolClientId;
      case 'AWS::SQS::Queue':
        return this.#bySuffix(this.local.queues, literal('QueueName'), name);
      case 'AWS::StepFunctions::StateMachine':
        return this.local.stateMachineArn;
      case 'AWS::SecretsManager::Secret':
        return literal('Name');
      case 'AWS::S3::Bucket': {
        const bucket = this.#bucket(id);
        if (!bucket) throw new Error(`${name}: no local bucket for ${id}`);
        return bucket;
      }
      default:
        throw new Error(`${name}: no local counterpart of ${resource?.Type ?? 'missing resource'} ${id}`);
    }
  }

  #bucket(logicalId: string): string | undefined {
    const entry = Object.entries(this.local.buckets).find(([prefix]) => logicalId.startsWith(prefix));
    return entry?.[1];
  }

  #bySuffix<T>(table: Record<string, T>, physical: string, name: string): T {
    const entry = Object.entries(table).find(
      ([suffix]) => physical.endsWith(`-${suffix}`) || physical.endsWith(`/${suffix}`),
    );
    if (!entry) throw new Error(`${name}: no local counterpart of ${physical}`);
    return entry[1];
  }

  /** `{{resolve:secretsmanager:<name>:SecretString:<json key>::}}` → the local secret's value. */
  #dynamicReferences(value: string, name: string): string {
    return value.replace(
      /\{\{resolve:secretsmanager:([^:}]+):SecretString:([^:}]*):[^:}]*:[^:}]*\}\}/g,
      (_m, secretName: string, jsonKey: string) => {
        const secret = this.#bySuffix(this.local.secrets, secretName, name);
        if (!jsonKey) {
          if (typeof secret !== 'string') throw new Error(`${name}: ${secretName} is JSON, no key given`);
          return secret;
        }
        const field = typeof secret === 'string' ? undefined : secret[jsonKey];
        if (field === undefined) throw new Error(`${name}: ${secretName} has no ${jsonKey}`);
        return field;
      },
    );
  }
}
