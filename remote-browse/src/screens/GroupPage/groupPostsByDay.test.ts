import { describe, expect, it } from 'vitest';
import { groupPostsByDay } from './groupPostsByDay.ts';

const post = (id: string, created_at: string) => ({ id, created_at });

describe('groupPostsByDay', () => {
  it('groups by calendar day, newest day first, each headed by its date', () => {
    const days = groupPostsByDay(
      [
        post('a', '2026-11-20T09:00:00Z'),
        post('b', '2026-11-22T18:30:00Z'),
        post('c', '2026-11-22T08:00:00Z'),
        post('d', '2026-11-21T12:00:00Z'),
      ],
      { locale: 'en-US', timeZone: 'UTC' },
    );
    expect(days.map((d) => d.key)).toEqual(['2026-11-22', '2026-11-21', '2026-11-20']);
    expect(days.map((d) => d.label)).toEqual([
      'Sunday, November 22, 2026',
      'Saturday, November 21, 2026',
      'Friday, November 20, 2026',
    ]);
    expect(days[0]!.posts.map((p) => p.id)).toEqual(['b', 'c']);
    expect(days.map((d) => d.start)).toEqual([0, 2, 3]);
  });

  it('uses the viewer time zone: late UTC evening is the next day in Auckland', () => {
    const posts = [post('late', '2026-11-21T23:30:00Z'), post('early', '2026-11-21T01:00:00Z')];
    expect(groupPostsByDay(posts, { timeZone: 'UTC' }).map((d) => d.posts.length)).toEqual([2]);
    const auckland = groupPostsByDay(posts, { locale: 'en-NZ', timeZone: 'Pacific/Auckland' });
    expect(auckland.map((d) => d.key)).toEqual(['2026-11-22', '2026-11-21']);
  });

  it('keeps the server order within a day for equal times and drops unparseable dates', () => {
    const days = groupPostsByDay(
      [post('x', '2026-11-22T10:00:00Z'), post('y', '2026-11-22T10:00:00Z'), post('bad', 'not a date')],
      { timeZone: 'UTC' },
    );
    expect(days).toHaveLength(1);
    expect(days[0]!.posts.map((p) => p.id)).toEqual(['x', 'y']);
  });

  it('gives no days for no posts', () => {
    expect(groupPostsByDay([])).toEqual([]);
  });
});
