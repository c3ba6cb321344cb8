import { createHash } from 'node:crypto';
import type { OAuthStateItem } from '../../core/integrations/integration';
import { isConditionFailure } from './client';
import { itemKind } from './entity';
import { keys } from './keys';
import { TTL_ATTRIBUTE } from './table-definition';

export type { OAuthStateItem } from '../../core/integrations/integration';

/** Only the state's hash is stored: a read of the table does not let anyone finish someone's flow. */
const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');

const oauthStates = itemKind<OAuthStateItem>()({ key: keys.oauthState, entity: 'OAuthState' });

export async function putOAuthState(state: string, item: OAuthStateItem): Promise<void> {
  await oauthStates.put(
    [hashOf(state)],
    { ...item, [TTL_ATTRIBUTE]: Math.ceil(Date.parse(item.validUntil) / 1000) },
    { ConditionExpression: 'attribute_not_exists(PK)' },
  );
}

/**
 * Takes a state for use: deleted in the same call that reads it, so a state works once even when two
 * callbacks race. Undefined when it was never issued or is already used.
 */
export async function takeOAuthState(state: string): Promise<OAuthStateItem | undefined> {
  try {
    const Attributes = await oauthStates.delete([hashOf(state)], {
      ConditionExpression: 'attribute_exists(PK)',
      ReturnValues: 'ALL_OLD',
    });
    if (!Attributes) return undefined;
    const { orgId, userId, provider, redirectUri, validUntil } = Attributes as OAuthStateItem;
    return { orgId, userId, provider, redirectUri, validUntil };
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}
