import { describe, expect, it } from 'vitest';
import { RealtimeGate } from './gate.ts';
import { DEFAULT_REALTIME_LIMITS } from './limits.ts';

describe('RealtimeGate', () => {
  it('counts sockets per address and in all', () => {
    const gate = new RealtimeGate({ ...DEFAULT_REALTIME_LIMITS, socketsPerIp: 2, sockets: 3 });
    expect(gate.admit('a')).toBe('ok');
    expect(gate.admit('a')).toBe('ok');
    expect(gate.admit('a')).toBe('too many from this address');
    expect(gate.admit('b')).toBe('ok');
    expect(gate.admit('c')).toBe('too many in all');
    gate.release('a');
    expect(gate.admit('c')).toBe('ok');
  });

  it('spends joins from a bucket per address that refills at joinsPerSecond', () => {
    const gate = new RealtimeGate({ ...DEFAULT_REALTIME_LIMITS, joinBurst: 3, joinsPerSecond: 2 });
    const t = 1_000_000;
    expect([1, 2, 3, 4].map(() => gate.takeJoin('a', t))).toEqual([true, true, true, false]);
    expect(gate.takeJoin('b', t)).toBe(true);
    expect(gate.takeJoin('a', t + 400)).toBe(false);
    expect(gate.takeJoin('a', t + 500)).toBe(true);
    expect(gate.takeJoin('a', t + 500)).toBe(false);
  });
});
