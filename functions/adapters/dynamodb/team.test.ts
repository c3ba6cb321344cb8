import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../../shared/schemas';
import { createInvitation } from '../../core/team/invitations';
import { changeMemberRole, removeMember } from '../../core/team/members';
import { ROLE_MODEL } from '../../core/team/roles';
import { resetEnv } from '../../env';
import { resetDbClient } from './client';
import { joinInvitedOrganization, provisionUser } from './provisioning';
import { listInvitations, memberItem } from './team';

const link = { token: 'unused', tokenHash: 'ab'.repeat(32), expiresAt: '2026-12-03T10:00:00.000Z' };

const TABLE = 'team-unit-test';
const dynamo = mockClient(DynamoDBDocumentClient);
const saved = { ...process.env };

const user = (id: string, role: Role, email = `${id}@example.com`) => ({
  PK: 'ORG#o1',
  SK: `USER#${id}`,
  id,
  orgId: 'o1',
  email,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  role,
  roleModel: ROLE_MODEL,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** The TransactItems of every transaction sent, in order. */
const transactions = () =>
  dynamo.commandCalls(TransactWriteCommand).map((call) => call.args[0].input.TransactItems ?? []);

beforeAll(() => {
  Object.assign(process.env, {
    TABLE_NAME: TABLE,
    BUCKET_NAME: 'b',
    USER_POOL_ID: 'us-east-1_x',
    USER_POOL_CLIENT_ID: 'c',
  });
  resetEnv();
  resetDbClient();
});
afterAll(() => {
  process.env = saved;
  resetEnv();
  resetDbClient();
});
beforeEach(() => {
  dynamo.reset();
  dynamo.on(TransactWriteCommand).resolves({});
});

describe('createInvitation', () => {
  it('writes the organization’s item, the e-mail’s item and the link’s hash in one transaction, none clobbering', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [user('a1', 'ADMIN')] });
    const invitation = await createInvitation(
      'o1',
      { email: 'pat@example.com', role: 'MEMBER', invitedBy: 'Avery Stone' },
      link,
    );
    expect(invitation).toEqual({
      email: 'pat@example.com',
      role: 'MEMBER',
      invitedBy: 'Avery Stone',
      createdAt: expect.any(String),
      expiresAt: link.expiresAt,
      expired: expect.any(Boolean),
    });
    const [items] = transactions();
    expect(items?.map((i) => [i.Put?.Item?.PK, i.Put?.Item?.SK, i.Put?.ConditionExpression])).toEqual([
      ['ORG#o1', 'INVITE#pat@example.com', 'attribute_not_exists(PK)'],
      ['INVITE#pat@example.com', 'ORG#o1', 'attribute_not_exists(PK)'],
      [`INVITE_LINK#${link.tokenHash}`, 'LINK', 'attribute_not_exists(PK)'],
    ]);
    expect(items?.[1]?.Put?.Item).toMatchObject({ orgId: 'o1', role: 'MEMBER', invitedBy: 'Avery Stone' });
    // The token itself is never stored; the link item expires 30 days after the link (table TTL, epoch seconds).
    expect(JSON.stringify(items)).not.toContain(link.token);
    expect(items?.[2]?.Put?.Item).toMatchObject({
      state: 'PENDING',
      linkExpiresAt: link.expiresAt,
      expiresAt: Date.parse(link.expiresAt) / 1000 + 30 * 86_400,
    });
  });

  it('refuses a member’s address whatever its case, without writing', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [user('a1', 'ADMIN', 'Pat@Example.com')] });
    await expect(
      createInvitation('o1', { email: 'pat@example.com', role: 'MEMBER', invitedBy: 'A' }, link),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'already_member' });
    expect(transactions()).toEqual([]);
  });
});

describe('changeMemberRole', () => {
  it('demotes an administrator only while another stays one (a condition check on that one)', async () => {
    dynamo.on(GetCommand).resolves({ Item: user('a1', 'ADMIN') });
    dynamo
      .on(QueryCommand)
      .resolves({ Items: [user('a1', 'ADMIN'), user('m1', 'MEMBER'), user('a2', 'ADMIN')] });
    const member = await changeMemberRole('o1', 'a1', 'MEMBER');
    expect(member).toMatchObject({ id: 'a1', role: 'MEMBER' });
    const [items] = transactions();
    expect(items?.[0]?.Update).toMatchObject({
      Key: { PK: 'ORG#o1', SK: 'USER#a1' },
      ConditionExpression: '#role = :current',
      ExpressionAttributeValues: { ':role': 'MEMBER', ':current': 'ADMIN' },
    });
    expect(items?.[1]?.ConditionCheck).toMatchObject({
      Key: { PK: 'ORG#o1', SK: 'USER#a2' },
      ConditionExpression: '#role = :admin',
    });
  });

  it('refuses to demote the last administrator, without writing', async () => {
    dynamo.on(GetCommand).resolves({ Item: user('a1', 'ADMIN') });
    dynamo.on(QueryCommand).resolves({ Items: [user('a1', 'ADMIN'), user('m1', 'MEMBER')] });
    await expect(changeMemberRole('o1', 'a1', 'MEMBER')).rejects.toMatchObject({
      kind: 'conflict',
      code: 'last_admin',
      message: 'An organization needs at least one administrator',
    });
    expect(transactions()).toEqual([]);
  });

  it('reads again when a concurrent change cancels the transaction', async () => {
    dynamo
      .on(GetCommand)
      .resolvesOnce({ Item: user('m1', 'MEMBER') })
      .resolves({ Item: user('m1', 'ADMIN') });
    const cancelled = Object.assign(new Error('cancelled'), { name: 'TransactionCanceledException' });
    dynamo.on(TransactWriteCommand).rejectsOnce(cancelled);
    // The second read finds the promotion already made by someone else: nothing more to write.
    expect(await changeMemberRole('o1', 'm1', 'ADMIN')).toMatchObject({ role: 'ADMIN' });
    expect(transactions()).toHaveLength(1);
  });
});

describe('removeMember', () => {
  const apiKey = (id: string, createdBy: string) => ({
    PK: 'ORG#o1',
    SK: `APIKEY#${id}`,
    id,
    hash: `hash-${id}`,
    createdBy,
  });

  it('deletes the user, their sub lookup and their API keys, marks them removed and counts one user less, in one transaction', async () => {
    dynamo.on(GetCommand).resolves({ Item: user('m1', 'MEMBER') });
    dynamo.on(QueryCommand).resolves({ Items: [apiKey('k1', 'm1'), apiKey('k2', 'a1'), apiKey('k3', 'm1')] });
    await removeMember('o1', 'm1', 'a1');
    const [items, ...others] = transactions();
    expect(others).toEqual([]);
    expect(items).toHaveLength(8);
    // The keys m1 created, each with its lookup; a1's key stays.
    expect(items?.slice(4).map((i) => i.Delete?.Key)).toEqual([
      { PK: 'ORG#o1', SK: 'APIKEY#k1' },
      { PK: 'APIKEY#hash-k1', SK: 'APIKEY' },
      { PK: 'ORG#o1', SK: 'APIKEY#k3' },
      { PK: 'APIKEY#hash-k3', SK: 'APIKEY' },
    ]);
    expect(items?.[0]?.Delete?.Key).toEqual({ PK: 'ORG#o1', SK: 'USER#m1' });
    expect(items?.[1]?.Delete).toMatchObject({
      Key: { PK: 'SUB#m1', SK: 'SUB' },
      ConditionExpression: 'attribute_not_exists(PK) OR orgId = :org',
      ExpressionAttributeValues: { ':org': 'o1' },
    });
    // Their token is refused with the organization's name until they choose what to join.
    expect(items?.[2]?.Put?.Item).toMatchObject({ PK: 'REMOVED#m1', SK: 'REMOVED', orgId: 'o1' });
    expect(items?.[3]?.Update).toMatchObject({
      Key: { PK: 'ORG#o1', SK: 'STATS#TOTALS' },
      UpdateExpression: 'ADD userCount :minusOne',
      ExpressionAttributeValues: { ':minusOne': -1 },
    });
  });

  it('revokes the keys that do not fit in the removal’s transaction first', async () => {
    dynamo.on(GetCommand).resolves({ Item: user('m1', 'MEMBER') });
    const keys = Array.from({ length: 60 }, (_, i) => apiKey(`k${i}`, 'm1'));
    dynamo.on(QueryCommand).resolves({ Items: keys });
    await removeMember('o1', 'm1', 'a1');
    const [revocations, removal] = transactions();
    expect(revocations).toHaveLength(95);
    expect(revocations?.every((i) => i.Delete?.Key)).toBe(true);
    expect(removal).toHaveLength(4 + 120 - 95);
    expect(removal?.[0]?.Delete?.Key).toEqual({ PK: 'ORG#o1', SK: 'USER#m1' });
  });

  it('answers not found for a user id outside the organization', async () => {
    dynamo.on(GetCommand).resolves({});
    await expect(removeMember('o1', 'elsewhere', 'a1')).rejects.toMatchObject({ kind: 'not_found' });
    expect(transactions()).toEqual([]);
  });
});

describe('joining an invitation, and provisioning', () => {
  const invitation = (orgId: string, createdAt: string, role = 'MEMBER') => ({
    PK: 'INVITE#pat@example.com',
    SK: `ORG#${orgId}`,
    orgId,
    email: 'pat@example.com',
    role,
    roleModel: ROLE_MODEL,
    invitedBy: 'Someone',
    createdAt,
    linkExpiresAt: '2099-01-01T00:00:00.000Z',
  });

  it('joins the newest invitation’s organization when none is named, and drops the other invitations', async () => {
    dynamo.on(GetCommand).resolves({});
    // Revoking the other invitation reads it first (for its link).
    dynamo
      .on(GetCommand, { Key: { PK: 'ORG#older', SK: 'INVITE#pat@example.com' } })
      .resolves({ Item: invitation('older', '2026-01-01T00:00:00.000Z', 'ADMIN') });
    dynamo.on(QueryCommand).resolves({
      Items: [
        invitation('older', '2026-01-01T00:00:00.000Z', 'ADMIN'),
        invitation('newer', '2026-02-01T00:00:00.000Z'),
      ],
    });
    const joined = await joinInvitedOrganization({
      sub: 's1',
      email: 'Pat@Example.com',
      firstName: 'Pat',
      lastName: 'Lee',
      emailVerified: true,
    });
    expect(joined).toEqual({ orgId: 'newer', userId: 's1' });
    const [join, dropOther] = transactions();
    // Sub lookup, user, count, the removed-member marker's delete, the invitation's two items, its link.
    expect(join?.map((i) => Object.keys(i)[0])).toEqual([
      'Put',
      'Put',
      'Update',
      'Delete',
      'Delete',
      'Delete',
    ]);
    expect(join?.[0]?.Put).toMatchObject({
      Item: { PK: 'SUB#s1', SK: 'SUB', orgId: 'newer', userId: 's1' },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(join?.[1]?.Put?.Item).toMatchObject({
      PK: 'ORG#newer',
      SK: 'USER#s1',
      role: 'MEMBER',
      email: 'Pat@Example.com',
      firstName: 'Pat',
    });
    expect(join?.[2]?.Update).toMatchObject({
      Key: { PK: 'ORG#newer', SK: 'STATS#TOTALS' },
      ExpressionAttributeValues: { ':one': 1 },
    });
    expect(join?.slice(3).map((i) => [i.Delete?.Key, i.Delete?.ConditionExpression])).toEqual([
      [{ PK: 'REMOVED#s1', SK: 'REMOVED' }, undefined],
      [{ PK: 'ORG#newer', SK: 'INVITE#pat@example.com' }, 'attribute_exists(PK)'],
      [{ PK: 'INVITE#pat@example.com', SK: 'ORG#newer' }, 'attribute_exists(PK)'],
    ]);
    expect(dropOther?.map((i) => i.Delete?.Key)).toEqual([
      { PK: 'ORG#older', SK: 'INVITE#pat@example.com' },
      { PK: 'INVITE#pat@example.com', SK: 'ORG#older' },
    ]);
  });

  it('lets an unverified e-mail join nothing', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [invitation('newer', '2026-02-01T00:00:00.000Z')] });
    expect(await joinInvitedOrganization({ sub: 's3', email: 'pat@example.com', emailVerified: false })).toBe(
      undefined,
    );
    expect(transactions()).toEqual([]);
  });

  it('joins only the named organization’s invitation', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [invitation('newer', '2026-02-01T00:00:00.000Z')] });
    const identity = { sub: 's4', email: 'pat@example.com', emailVerified: true };
    expect(await joinInvitedOrganization(identity, 'other')).toBe(undefined);
    expect(transactions()).toEqual([]);
  });

  it('gives a new organization of its own without looking for invitations', async () => {
    dynamo.on(GetCommand).resolves({});
    dynamo.on(QueryCommand).resolves({ Items: [] });
    dynamo.on(BatchWriteCommand).resolves({}); // the default categories of the new organization
    const provisioned = await provisionUser({ sub: 's2', email: 'pat@example.com', emailVerified: true });
    const queried = dynamo.commandCalls(QueryCommand).map((c) => c.args[0].input.ExpressionAttributeValues);
    expect(queried.some((values) => String(values?.[':pk']).startsWith('INVITE#'))).toBe(false);
    const [created] = transactions();
    expect(created?.[3]?.Put?.Item).toMatchObject({ SK: 'USER#s2', role: 'ADMIN', orgId: provisioned.orgId });
  });
});

describe('the four-roles migration', () => {
  const { roleModel: _model, ...legacy } = user('m1', 'MEMBER');

  it('reads a legacy MEMBER as an APPROVER and rewrites the item once, only if still the legacy MEMBER', async () => {
    dynamo.on(GetCommand).resolves({ Item: legacy });
    dynamo.on(UpdateCommand).resolves({ Attributes: { ...legacy, role: 'APPROVER', roleModel: ROLE_MODEL } });
    expect(await memberItem('o1', 'm1')).toMatchObject({ role: 'APPROVER', roleModel: ROLE_MODEL });
    const [update] = dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input);
    expect(update).toMatchObject({
      Key: { PK: 'ORG#o1', SK: 'USER#m1' },
      ConditionExpression: '#role = :member AND attribute_not_exists(roleModel)',
      ExpressionAttributeValues: { ':approver': 'APPROVER', ':member': 'MEMBER', ':model': ROLE_MODEL },
    });
  });

  it('leaves a MEMBER chosen since the four roles, and an administrator, as they are', async () => {
    dynamo
      .on(GetCommand)
      .resolvesOnce({ Item: user('m2', 'MEMBER') })
      .resolvesOnce({ Item: { ...legacy, role: 'ADMIN' } });
    expect((await memberItem('o1', 'm2'))?.role).toBe('MEMBER');
    expect((await memberItem('o1', 'm1'))?.role).toBe('ADMIN');
    expect(dynamo.commandCalls(UpdateCommand)).toEqual([]);
  });

  it('reads what is stored when the role changed between the read and the rewrite', async () => {
    dynamo
      .on(GetCommand)
      .resolvesOnce({ Item: legacy })
      .resolvesOnce({ Item: user('m1', 'VIEWER') });
    dynamo
      .on(UpdateCommand)
      .rejects(Object.assign(new Error('conditional'), { name: 'ConditionalCheckFailedException' }));
    expect((await memberItem('o1', 'm1'))?.role).toBe('VIEWER');
  });

  it('reads a legacy MEMBER invitation as one for an APPROVER', async () => {
    const { roleModel: _m, ...old } = { ...user('x', 'MEMBER'), invitedBy: 'A' };
    dynamo.on(QueryCommand).resolves({
      Items: [
        { ...old, email: 'old@example.com' },
        { ...user('y', 'MEMBER'), email: 'new@example.com', invitedBy: 'A' },
      ],
    });
    const listed = await listInvitations('o1');
    expect(listed.map((i) => [i.email, i.role])).toEqual([
      ['old@example.com', 'APPROVER'],
      ['new@example.com', 'MEMBER'],
    ]);
  });
});
