import { describe, expect, it } from 'vitest';
import { SWIPE_MIN_PX, swipeBetween } from './swipe.ts';

describe('swipeBetween', () => {
  const at = { x: 200, y: 400 };
  it('reads a sideways move along its axis as left or right', () => {
    expect(swipeBetween(at, { x: 200 - SWIPE_MIN_PX, y: 410 })).toBe('left');
    expect(swipeBetween(at, { x: 380, y: 380 })).toBe('right');
  });
  it('reads a vertical move as down or up', () => {
    expect(swipeBetween(at, { x: 210, y: 560 })).toBe('down');
    expect(swipeBetween(at, { x: 190, y: 250 })).toBe('up');
  });
  it('ignores a tap, a short move and a diagonal', () => {
    expect(swipeBetween(at, at)).toBeNull();
    expect(swipeBetween(at, { x: 200 - SWIPE_MIN_PX + 1, y: 400 })).toBeNull();
    expect(swipeBetween(at, { x: 300, y: 500 })).toBeNull();
  });
});
