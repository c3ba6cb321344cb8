import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ApprovalRule } from '../../../shared/schemas';
import { conflict } from '../../core/errors/app-error';
import { db, isConditionFailure, queryAll, tableName } from './client';
import { keys, sortKeyStartsWith, withoutKeys } from './keys';

/** The organization's approval rules, in their order. */
export async function listApprovalRules(orgId: string): Promise<ApprovalRule[]> {
  const items = await queryAll({
    ...sortKeyStartsWith(keys.orgPk(orgId), keys.approvalRulePrefix),
    ConsistentRead: true,
  });
  return (items.map((item) => withoutKeys(item)) as unknown as ApprovalRule[]).sort(
    (a, b) => a.position - b.position || a.createdAt.localeCompare(b.createdAt),
  );
}

/**
 * Stores the rules (their positions renumbered by the caller) and deletes `removed`, in one transaction.
 * A rule deleted meanwhile by someone else is not brought back: each stored rule must still exist, a new
 * one must not yet.
 */
export async function writeApprovalRules(
  orgId: string,
  rules: readonly ApprovalRule[],
  options: { created?: string; removed?: string } = {},
): Promise<void> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          ...rules.map((rule) => ({
            Put: {
              TableName: tableName(),
              Item: { ...keys.approvalRule(orgId, rule.id), entity: 'ApprovalRule', ...rule },
              ConditionExpression:
                rule.id === options.created ? 'attribute_not_exists(PK)' : 'attribute_exists(PK)',
            },
          })),
          ...(options.removed
            ? [
                {
                  Delete: {
                    TableName: tableName(),
                    Key: keys.approvalRule(orgId, options.removed),
                    ConditionExpression: 'attribute_exists(PK)',
                  },
                },
              ]
            : []),
        ],
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    throw conflict('rules_changed', 'The approval rules were changed by someone else; reload and try again');
  }
}
