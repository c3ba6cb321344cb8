import { describe, expect, it } from 'vitest';
import { FairQueue, PROCESSING_LEASE_MS, processingCapOf, takeSlot } from './fair-share';

/** Takes items until the queue has nothing it may start, as the local runner's pump does. */
function drain(queue: FairQueue<string>, capOf: (orgId: string) => number) {
  const order: string[] = [];
  for (let next = queue.next(capOf); next; next = queue.next(capOf)) order.push(next.item);
  return order;
}

describe('FairQueue', () => {
  it('serves organizations round-robin, each in its own arrival order', () => {
    const queue = new FairQueue<string>();
    for (let i = 1; i <= 4; i++) queue.push('big', `big-${i}`);
    queue.push('small', 'small-1');
    queue.push('other', 'other-1');
    queue.push('small', 'small-2');
    const order: string[] = [];
    for (let next = queue.next(() => 10); next; next = queue.next(() => 10)) {
      order.push(next.item);
      queue.finished(next.orgId);
    }
    expect(order).toEqual(['big-1', 'small-1', 'other-1', 'big-2', 'small-2', 'big-3', 'big-4']);
  });

  it('puts an organization that arrives behind a backlog next in line, not behind the backlog', () => {
    const queue = new FairQueue<string>();
    for (let i = 1; i <= 300; i++) queue.push('big', `big-${i}`);
    // Two runs of the backlog going (the local runner's two slots), then one of them ends.
    expect(drain(queue, () => 2)).toEqual(['big-1', 'big-2']);
    queue.push('late', 'late-1');
    queue.finished('big');
    expect(queue.next(() => 2)?.item).toBe('late-1');
    expect(queue.size).toBe(298);
  });

  it('prefers the organization with the fewest runs going', () => {
    const queue = new FairQueue<string>();
    for (let i = 1; i <= 3; i++) queue.push('a', `a-${i}`);
    for (let i = 1; i <= 3; i++) queue.push('b', `b-${i}`);
    expect(drain(queue, () => 10)).toEqual(['a-1', 'b-1', 'a-2', 'b-2', 'a-3', 'b-3']);
  });

  it('holds an organization at its cap until one of its runs finishes, and serves the others meanwhile', () => {
    const queue = new FairQueue<string>();
    for (let i = 1; i <= 5; i++) queue.push('capped', `capped-${i}`);
    queue.push('other', 'other-1');
    const capOf = (orgId: string) => (orgId === 'capped' ? 2 : 5);
    expect(drain(queue, capOf)).toEqual(['capped-1', 'other-1', 'capped-2']);
    expect(queue.next(capOf)).toBeUndefined();
    queue.finished('capped');
    expect(drain(queue, capOf)).toEqual(['capped-3']);
    queue.finished('capped');
    queue.finished('capped');
    expect(drain(queue, capOf)).toEqual(['capped-4', 'capped-5']);
    expect(queue.size).toBe(0);
  });

  it('forgets what was waiting when cleared', () => {
    const queue = new FairQueue<string>();
    queue.push('a', 'a-1');
    queue.clear();
    expect(queue.size).toBe(0);
    expect(queue.next(() => 1)).toBeUndefined();
  });
});

describe('processingCapOf', () => {
  it('is the plan’s setting, and Starter’s for a plan it does not know', () => {
    expect([
      processingCapOf('STARTER'),
      processingCapOf('PROFESSIONAL'),
      processingCapOf('ENTERPRISE'),
    ]).toEqual([5, 10, 25]);
    expect(processingCapOf(undefined)).toBe(processingCapOf('STARTER'));
  });
});

describe('takeSlot', () => {
  const now = 1_000_000;

  it('grants up to the cap, refuses the next, and grants again to a holder it already counts', () => {
    let holders = {};
    for (const id of ['a', 'b']) {
      const taken = takeSlot(holders, id, 2, now);
      expect(taken.granted).toBe(true);
      holders = taken.holders;
    }
    expect(takeSlot(holders, 'c', 2, now)).toMatchObject({ granted: false });
    const again = takeSlot(holders, 'a', 2, now + 5);
    expect(again.granted).toBe(true);
    expect(again.holders.a).toBe(now + 5 + PROCESSING_LEASE_MS);
  });

  it('drops leases that ran out, so a crashed run cannot hold a slot forever', () => {
    const holders = { crashed: now - 1, live: now + 60_000 };
    const taken = takeSlot(holders, 'next', 2, now);
    expect(taken.granted).toBe(true);
    expect(Object.keys(taken.holders).sort()).toEqual(['live', 'next']);
  });
});
