import type { ConsumedCapacity } from '@aws-sdk/client-dynamodb';

/**
 * The commands that accept `ReturnConsumedCapacity`, and which units an answer's bare `CapacityUnits`
 * are (an answer that splits read and write units is taken as split). Any other command is left alone.
 */
const METERED_COMMANDS = new Map<string, 'read' | 'write'>([
  ['GetItemCommand', 'read'],
  ['QueryCommand', 'read'],
  ['ScanCommand', 'read'],
  ['BatchGetItemCommand', 'read'],
  ['TransactGetItemsCommand', 'read'],
  ['PutItemCommand', 'write'],
  ['UpdateItemCommand', 'write'],
  ['DeleteItemCommand', 'write'],
  ['BatchWriteItemCommand', 'write'],
  ['TransactWriteItemsCommand', 'write'],
]);

/** Read and write units the table reported, summed over every metered call since the last reset. */
export interface CapacityTotals {
  readUnits: number;
  writeUnits: number;
  /**
   * The part of `readUnits` and `writeUnits` reported for transactions. DynamoDB bills a transaction's
   * items at twice the standard units and reports them so; DynamoDB Local reports them at the standard
   * rate (test/integration/consumed-capacity.test.ts), so a local measurement adds them once more.
   */
  transactionReadUnits: number;
  transactionWriteUnits: number;
  calls: number;
}

const TRANSACTIONS = new Set(['TransactGetItemsCommand', 'TransactWriteItemsCommand']);
const zero = (): CapacityTotals => ({
  readUnits: 0,
  writeUnits: 0,
  transactionReadUnits: 0,
  transactionWriteUnits: 0,
  calls: 0,
});

/**
 * Counts the capacity DynamoDB says each call consumed (`ReturnConsumedCapacity: TOTAL`). Only
 * `npm run cost` turns it on (see {@link meterConsumedCapacity} in client.ts): asking for the figure
 * makes every answer longer, and nothing else reads it.
 */
export class CapacityMeter {
  #totals: CapacityTotals = zero();

  get totals(): CapacityTotals {
    return { ...this.#totals };
  }

  /** The totals since the last call, and zero again. */
  take(): CapacityTotals {
    const totals = this.#totals;
    this.#totals = zero();
    return totals;
  }

  /** Adds one answer's `ConsumedCapacity` (one entry, or one per table of a batch or transaction). */
  record(
    consumed: ConsumedCapacity | ConsumedCapacity[] | undefined,
    kind: 'read' | 'write',
    transaction = false,
  ): void {
    const t = this.#totals;
    t.calls++;
    for (const c of [consumed ?? []].flat()) {
      const split = c.ReadCapacityUnits !== undefined || c.WriteCapacityUnits !== undefined;
      const read = split ? (c.ReadCapacityUnits ?? 0) : kind === 'read' ? (c.CapacityUnits ?? 0) : 0;
      const write = split ? (c.WriteCapacityUnits ?? 0) : kind === 'write' ? (c.CapacityUnits ?? 0) : 0;
      t.readUnits += read;
      t.writeUnits += write;
      if (transaction) {
        t.transactionReadUnits += read;
        t.transactionWriteUnits += write;
      }
    }
  }

  /** An SDK middleware for a DynamoDB client's stack: asks for the consumed capacity and records it. */
  middleware() {
    return (
      next: (args: { input: Record<string, unknown> }) => Promise<{ output: Record<string, unknown> }>,
      context: { commandName?: string },
    ) =>
      async (args: { input: Record<string, unknown> }) => {
        const kind = METERED_COMMANDS.get(context.commandName ?? '');
        if (!kind) return next(args);
        const result = await next({ ...args, input: { ...args.input, ReturnConsumedCapacity: 'TOTAL' } });
        const consumed = result.output.ConsumedCapacity as ConsumedCapacity | ConsumedCapacity[] | undefined;
        this.record(consumed, kind, TRANSACTIONS.has(context.commandName ?? ''));
        return result;
      };
  }
}
