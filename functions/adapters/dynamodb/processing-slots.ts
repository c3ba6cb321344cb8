import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type SlotHolders, takeSlot } from '../../core/fairness/fair-share';
import { db, tableName } from './client';
import { updateIf } from './entity';
import { keys } from './keys';

/** Tries left when concurrent Claims keep changing the slots item under us. */
const ATTEMPTS = 8;

/**
 * The per-organization semaphore of the processing workflow: one item per organization whose `holders`
 * map each invoice in processing to the end of its lease. Taking a slot is a conditional write on the
 * item's version, so concurrent Claims can never hold more than the cap; expired leases (a run that
 * crashed or timed out) are dropped as the item is rewritten.
 */
export async function takeProcessingSlot(
  orgId: string,
  invoiceId: string,
  cap: number,
  now = Date.now(),
): Promise<boolean> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: keys.processingSlots(orgId), ConsistentRead: true }),
    );
    const version = (Item?.version as number | undefined) ?? 0;
    const { granted, holders } = takeSlot(
      (Item?.holders as SlotHolders | undefined) ?? {},
      invoiceId,
      cap,
      now,
    );
    if (!granted) return false;
    const written = await updateIf({
      Key: keys.processingSlots(orgId),
      UpdateExpression: 'SET holders = :holders, version = :next',
      ConditionExpression: version ? 'version = :version' : 'attribute_not_exists(version)',
      ExpressionAttributeValues: {
        ':holders': holders,
        ':next': version + 1,
        ...(version ? { ':version': version } : {}),
      },
    });
    if (written) return true;
    // Another Claim wrote first: back off a little, at random, so the contenders spread out.
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * (attempt + 1)));
  }
  // Named so the workflow's Retry takes it as transient (the ASL retries TransientError).
  const error = new Error(`Processing slots of ${orgId} kept changing; try again`);
  error.name = 'TransientError';
  throw error;
}

/** Gives back an invoice's slot (nothing happens when it holds none); every end of a run calls this. */
export async function releaseProcessingSlot(orgId: string, invoiceId: string): Promise<void> {
  await updateIf({
    Key: keys.processingSlots(orgId),
    // The version moves too, so a Claim that read the slots before this cannot write the holder back.
    UpdateExpression: 'REMOVE holders.#holder ADD version :one',
    ConditionExpression: 'attribute_exists(holders.#holder)',
    ExpressionAttributeNames: { '#holder': invoiceId },
    ExpressionAttributeValues: { ':one': 1 },
  });
}

/** The invoices holding a live processing slot of the organization (tests and diagnostics). */
export async function processingSlotHolders(orgId: string, now = Date.now()): Promise<string[]> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.processingSlots(orgId), ConsistentRead: true }),
  );
  const holders = (Item?.holders as SlotHolders | undefined) ?? {};
  return Object.entries(holders)
    .filter(([, until]) => until > now)
    .map(([holder]) => holder);
}
