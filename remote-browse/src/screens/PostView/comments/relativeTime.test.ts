import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime.ts';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it.each([
    [0, 'just now'],
    [44, 'just now'],
    [50, '1 minute ago'],
    [5 * 60 + 10, '5 minutes ago'],
    [3600, '1 hour ago'],
    [23 * 3600, '23 hours ago'],
    [86_400, 'yesterday'],
    [3 * 86_400, '3 days ago'],
    [8 * 86_400, 'Nov 19, 2026'],
  ])('%i seconds ago reads %s', (seconds, expected) => {
    expect(relativeTime(ago(seconds), NOW)).toBe(expected);
  });

  it('says nothing for a date it cannot read, and never speaks of the future', () => {
    expect(relativeTime('not a date', NOW)).toBe('');
    expect(relativeTime(new Date(NOW + 60_000).toISOString(), NOW)).toBe('just now');
  });
});
