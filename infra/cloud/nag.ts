import { Stack, Validations } from 'aws-cdk-lib';
import type { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges cdk-nag findings on one construct and its children only (never a whole stack), each with
 * the reason a reviewer reads in the synth report.
 */
export function acknowledge(scope: IConstruct, rules: Record<string, string>): void {
  for (const [id, reason] of Object.entries(rules)) Validations.of(scope).acknowledge({ id, reason });
}

/**
 * The IAM5 finding ids cdk-nag raises for one policy (wildcard actions and resources), computed the way
 * cdk-nag does. Used only for policies CDK itself writes for its own handlers, so each finding can be
 * acknowledged by id with a reason matched to it instead of a rule-wide suppression.
 */
export function wildcardFindings(policy: CfnPolicy): string[] {
  const document = Stack.of(policy).resolve(policy.policyDocument) as {
    Statement?: { Effect: string; Action: string | string[]; Resource: unknown }[];
  };
  const findings = new Set<string>();
  for (const statement of document.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of [statement.Action].flat())
      if (action.includes('*')) findings.add(`Action::${action}`);
    for (const resource of [statement.Resource].flat()) {
      const flat = flattenCfnReference(resource);
      if (flat.includes('*')) findings.add(`Resource::${flat}`);
    }
  }
  return [...findings].map((f) => `AwsSolutions-IAM5[${f}]`);
}
