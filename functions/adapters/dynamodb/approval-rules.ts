import type { ApprovalRule } from '../../../shared/schemas';
import { conflict } from '../../core/errors/app-error';
import { tableName } from './client';
import { orgEntity, transact } from './entity';

/** One of the organization's approval rules (`APPROVAL_RULE#<id>`; their order is the items' `position`). */
const rules = orgEntity<ApprovalRule>({
  type: 'APPROVAL_RULE',
  entity: 'ApprovalRule',
  label: 'Approval rule',
});

/** The organization's approval rules, in their order. */
export async function listApprovalRules(orgId: string): Promise<ApprovalRule[]> {
  return (await rules.list(orgId))
    .map((rule) => ({ ...RULE_ADDED_LATER, ...rule }))
    .sort((a, b) => a.position - b.position || a.createdAt.localeCompare(b.createdAt));
}

/** Conditions added after rules were first stored: a rule stored before them does not set them. */
const RULE_ADDED_LATER = { insuranceLapsed: false, blockApproval: false } satisfies Partial<ApprovalRule>;

/**
 * Stores the rules (their positions renumbered by the caller) and deletes `removed`, in one transaction.
 * A rule deleted meanwhile by someone else is not brought back: each stored rule must still exist, a new
 * one must not yet.
 */
export async function writeApprovalRules(
  orgId: string,
  stored: readonly ApprovalRule[],
  options: { created?: string; removed?: string } = {},
): Promise<void> {
  await transact(
    [
      ...stored.map((rule) =>
        rule.id === options.created
          ? rules.create(orgId, rule)
          : {
              Put: {
                TableName: tableName(),
                Item: { ...rules.key(orgId, rule.id), entity: 'ApprovalRule', ...rule },
                ConditionExpression: 'attribute_exists(PK)',
              },
            },
      ),
      ...(options.removed ? [rules.remove(orgId, options.removed)] : []),
    ],
    () => conflict('rules_changed', 'The approval rules were changed by someone else; reload and try again'),
  );
}
