import { beforeEach, describe, expect, it } from 'vitest';
import { forgetJoinIntent, hasJoinIntent, rememberJoinIntent } from './joinIntent.ts';

const token = 'a'.repeat(64);
const DAY = 24 * 60 * 60 * 1000;

beforeEach(() => localStorage.clear());

describe('join intent', () => {
  it('is remembered for its token only, for a week', () => {
    rememberJoinIntent(token, 1_000);
    expect(hasJoinIntent(token, 1_000 + DAY)).toBe(true);
    expect(hasJoinIntent('b'.repeat(64), 1_000 + DAY)).toBe(false);
    expect(hasJoinIntent(token, 1_000 + 7 * DAY)).toBe(false);
  });
  it('is gone once forgotten, and absent or unreadable storage means none', () => {
    expect(hasJoinIntent(token)).toBe(false);
    rememberJoinIntent(token);
    forgetJoinIntent();
    expect(hasJoinIntent(token)).toBe(false);
    localStorage.setItem('snapshire.invitation-join-intent', '{not json');
    expect(hasJoinIntent(token)).toBe(false);
  });
});
