import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';

/** One statement of a role's inline policies, its resources written as cdk-nag prints them. */
export interface Grant {
  actions: string[];
  resources: string[];
  conditions: boolean;
}

export interface FunctionGrants {
  stack: string;
  /** The function's physical name (or its logical id when it has none). */
  name: string;
  grants: Grant[];
}

interface Resource {
  Type: string;
  Properties?: Record<string, unknown>;
}
export type Templates = Record<string, { Resources: Record<string, Resource> }>;

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Every Lambda function's grants, read from the synthesized templates: the inline policies attached to
 * the function's role (`Ref` of the role in the policy's `Roles`), flattened to statements.
 */
export function functionGrants(templates: Templates): FunctionGrants[] {
  const out: FunctionGrants[] = [];
  for (const [stack, template] of Object.entries(templates)) {
    const policies = Object.values(template.Resources).filter((r) => r.Type === 'AWS::IAM::Policy');
    for (const [id, resource] of Object.entries(template.Resources)) {
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const role = (resource.Properties?.Role as { 'Fn::GetAtt'?: [string, string] })?.['Fn::GetAtt']?.[0];
      const name =
        typeof resource.Properties?.FunctionName === 'string' ? resource.Properties.FunctionName : id;
      const grants = policies
        .filter((p) =>
          asList(p.Properties?.Roles as unknown[]).some((r) => (r as { Ref?: string }).Ref === role),
        )
        .flatMap((p) =>
          asList((p.Properties?.PolicyDocument as { Statement?: unknown[] } | undefined)?.Statement),
        )
        .map((s) => {
          const statement = s as { Action: string | string[]; Resource: unknown; Condition?: unknown };
          return {
            actions: asList(statement.Action),
            resources: asList(statement.Resource as unknown[]).map((r) => flattenCfnReference(r)),
            conditions: statement.Condition !== undefined,
          };
        });
      out.push({ stack, name, grants });
    }
  }
  return out;
}

/** A Markdown table of every function's grants: one row per statement. */
export function grantsTable(all: FunctionGrants[], shorten: (name: string) => string = (n) => n): string {
  const rows = all.flatMap((fn) =>
    fn.grants.map(
      (g) =>
        `| ${shorten(fn.name)} | ${g.actions.join(', ')} | ${g.resources.map(shortResource).join(', ')}${g.conditions ? ' (condition)' : ''} |`,
    ),
  );
  return ['| Function | Actions | Resources |', '| --- | --- | --- |', ...rows].join('\n');
}

/** `arn:<AWS::Partition>:dynamodb:<AWS::Region>:<AWS::AccountId>:table/x` → `table/x` and the like. */
function shortResource(arn: string): string {
  return arn
    .replace(/^arn:<AWS::Partition>:[a-z0-9-]+:(<AWS::Region>)?:(<AWS::AccountId>)?:/, '')
    .replace(/^arn:<AWS::Partition>:s3:::/, 's3:::');
}
