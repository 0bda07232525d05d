import { describe, expect, it } from 'vitest';
import { edgeFadeMask, hiddenEdges } from './scrollEdges.ts';

describe('hiddenEdges', () => {
  it('says which ends have content beyond them', () => {
    expect(hiddenEdges({ scrollLeft: 0, scrollWidth: 600, clientWidth: 390 })).toEqual({ start: false, end: true });
    expect(hiddenEdges({ scrollLeft: 100, scrollWidth: 600, clientWidth: 390 })).toEqual({ start: true, end: true });
    expect(hiddenEdges({ scrollLeft: 210, scrollWidth: 600, clientWidth: 390 })).toEqual({ start: true, end: false });
    expect(hiddenEdges({ scrollLeft: 0, scrollWidth: 390, clientWidth: 390 })).toEqual({ start: false, end: false });
  });
});

describe('edgeFadeMask', () => {
  it('fades only the ends with more beyond them', () => {
    expect(edgeFadeMask({ start: false, end: false })).toBeUndefined();
    expect(edgeFadeMask({ start: false, end: true })).toBe(
      'linear-gradient(to right, black 0, black calc(100% - 32px), transparent 100%)',
    );
    expect(edgeFadeMask({ start: true, end: false })).toBe(
      'linear-gradient(to right, transparent 0, black 32px, black 100%)',
    );
  });
});
