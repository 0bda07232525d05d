/** Photos grouped by the calendar day they were posted on, in the viewer's time zone and locale. */
export interface DayGroup<T> {
  /** YYYY-MM-DD of the local calendar day: stable React key and sort key. */
  key: string;
  /** The day's heading, e.g. "Sunday, 22 November 2026" (the viewer's locale). */
  label: string;
  posts: T[];
  /** Position of the day's first post among all the posts (newest first). */
  start: number;
}

export interface DayFormatOptions {
  locale?: string | string[];
  /** IANA zone; default the viewer's own. */
  timeZone?: string;
}

function dayKeyFormatter(timeZone?: string): Intl.DateTimeFormat {
  // en-CA formats as YYYY-MM-DD, which sorts as text.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
}

export function dayHeadingFormatter({ locale, timeZone }: DayFormatOptions = {}): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * Groups posts by local calendar day of created_at: newest day first, and within a day newest post first
 * (ties keep the given order, so the server's order is kept when it already is newest first).
 */
export function groupPostsByDay<T extends { created_at: string }>(
  posts: readonly T[],
  options: DayFormatOptions = {},
): DayGroup<T>[] {
  const keyFormat = dayKeyFormatter(options.timeZone);
  const headingFormat = dayHeadingFormatter(options);
  const stamped = posts
    .map((post, index) => ({ post, index, time: Date.parse(post.created_at) }))
    .filter((p) => !Number.isNaN(p.time))
    .sort((a, b) => b.time - a.time || a.index - b.index);
  const days: DayGroup<T>[] = [];
  let current: DayGroup<T> | undefined;
  for (const [position, { post, time }] of stamped.entries()) {
    const key = keyFormat.format(time);
    if (current?.key !== key) {
      current = { key, label: headingFormat.format(time), posts: [], start: position };
      days.push(current);
    }
    current.posts.push(post);
  }
  return days;
}
