import { type SlotHolders, takeSlot } from '../../core/fairness/fair-share';
import { itemKind } from './entity';
import { keys } from './keys';

/** Absent until the organization's first Claim; `version` moves with every write of `holders`. */
const slots = itemKind<{ holders?: SlotHolders; version?: number }>()({ key: keys.processingSlots });

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
    const stored = await slots.find([orgId], { consistent: true });
    const version = stored?.version ?? 0;
    const { granted, holders } = takeSlot(stored?.holders ?? {}, invoiceId, cap, now);
    if (!granted) return false;
    const written = await slots.updateIf([orgId], {
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
  await slots.updateIf([orgId], {
    // The version moves too, so a Claim that read the slots before this cannot write the holder back.
    UpdateExpression: 'REMOVE holders.#holder ADD version :one',
    ConditionExpression: 'attribute_exists(holders.#holder)',
    ExpressionAttributeNames: { '#holder': invoiceId },
    ExpressionAttributeValues: { ':one': 1 },
  });
}

/** The invoices holding a live processing slot of the organization (tests and diagnostics). */
export async function processingSlotHolders(orgId: string, now = Date.now()): Promise<string[]> {
  const holders = (await slots.find([orgId], { consistent: true }))?.holders ?? {};
  return Object.entries(holders)
    .filter(([, until]) => until > now)
    .map(([holder]) => holder);
}
