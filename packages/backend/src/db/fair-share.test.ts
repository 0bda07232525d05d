import { describe, expect, it } from 'vitest';
import { FairShare, fairShareKey, fromSource } from './fair-share.ts';

/** A transaction that takes `ticks` turns of the event loop and records when it started. */
function work(log: string[], name: string, ticks = 2) {
  return async () => {
    log.push(name);
    for (let i = 0; i < ticks; i++) await new Promise((r) => setImmediate(r));
  };
}

describe('fair sharing of the database between callers', () => {
  it("runs a second caller's transaction next, not behind the first caller's flood", async () => {
    const share = new FairShare(1);
    const log: string[] = [];
    const flood = Array.from({ length: 32 }, (_, i) => share.run('flooder', work(log, `flood ${i}`)));
    const probe = share.run('visitor', work(log, 'probe'));
    await Promise.all([...flood, probe]);
    // flood 0 had the slot already and flood 1 was waiting before the visitor came: then it is the visitor's turn.
    expect(log.indexOf('probe')).toBe(2);
    expect(log).toHaveLength(33);
  });

  it('takes turns between every waiting caller, each in its own order', async () => {
    const share = new FairShare(1);
    const log: string[] = [];
    const all = [
      ...['a1', 'a2', 'a3'].map((n) => share.run('a', work(log, n))),
      ...['b1', 'b2'].map((n) => share.run('b', work(log, n))),
      share.run('c', work(log, 'c1')),
    ];
    await Promise.all(all);
    expect(log).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2']);
  });

  it('fills every slot at once when there are several (PostgreSQL: the pool), and never more', async () => {
    const share = new FairShare(3);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        share.run(`caller ${i % 2}`, async () => {
          most = Math.max(most, ++running);
          await new Promise((r) => setTimeout(r, 5));
          running--;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(share.waiting).toBe(0);
  });

  it('lets a transaction opened inside a running one through, instead of waiting for itself', async () => {
    const share = new FairShare(1);
    const inner = await share.run('a', () => share.run('a', async () => 'inner ran'));
    expect(inner).toBe('inner ran');
  });

  it('hands the slot on when a transaction fails', async () => {
    const share = new FairShare(1);
    const failed = share.run('a', async () => {
      throw new Error('refused');
    });
    const next = share.run('b', async () => 'next ran');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('next ran');
  });

  it("keys a signed-in user's transactions by the user, anyone else's by role and address", () => {
    const user = { role: 'authenticated', claims: { role: 'authenticated', sub: 'u1' } } as const;
    const anon = { role: 'anon', claims: { role: 'anon' } } as const;
    expect(fromSource('10.0.0.1', () => fairShareKey(user))).toBe('user:u1');
    expect(fromSource('10.0.0.1', () => fairShareKey(anon))).toBe('anon:10.0.0.1');
    expect(fromSource('10.0.0.2', () => fairShareKey(anon))).toBe('anon:10.0.0.2');
    expect(fromSource('10.0.0.2', () => fairShareKey('owner'))).toBe('owner:10.0.0.2');
    expect(fairShareKey(anon)).toBe('anon:local');
  });
});
