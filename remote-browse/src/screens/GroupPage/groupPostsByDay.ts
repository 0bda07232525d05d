/** Photos of one calendar day, newest first, without the day's heading (what a layout needs). */
export interface DayPosts<T> {
  /** YYYY-MM-DD of the local calendar day: stable React key and sort key. */
  key: string;
  posts: T[];
  /** Position of the day's first post among all the posts (newest first). */
  start: number;
  /** created_at of the day's newest post, in ms. */
  newest: number;
}

/** Photos grouped by the calendar day they were posted on, in the viewer's time zone and locale. */
export interface DayGroup<T> extends DayPosts<T> {
  /** The day's heading, e.g. "Sunday, 22 November 2026" (the viewer's locale). */
  label: string;
}

export interface DayFormatOptions {
  locale?: string | string[];
  /** IANA zone; default the viewer's own. */
  timeZone?: string;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/**
 * YYYY-MM-DD of a time's calendar day. In the viewer's own zone by Date's local fields: the page's first
 * Intl formatter costs about 235 ms at 4x CPU (measured in Chromium), which the first photos' plan must not
 * wait for (firstPhotos.ts). Another zone goes through Intl (en-CA formats as YYYY-MM-DD).
 */
function dayKeyFunction(timeZone?: string): (time: number) => string {
  if (timeZone === undefined) {
    return (time) => {
      const date = new Date(time);
      return `${date.getFullYear()}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
    };
  }
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (time) => format.format(time);
}

export function dayHeadingFormatter({ locale, timeZone }: DayFormatOptions = {}): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * Groups posts by local calendar day of created_at: newest day first, and within a day newest post first
 * (ties keep the given order, so the server's order is kept when it already is newest first).
 */
export function postsByDay<T extends { created_at: string }>(
  posts: readonly T[],
  options: Pick<DayFormatOptions, 'timeZone'> = {},
): DayPosts<T>[] {
  const dayKey = dayKeyFunction(options.timeZone);
  const stamped = posts
    .map((post, index) => ({ post, index, time: Date.parse(post.created_at) }))
    .filter((p) => !Number.isNaN(p.time))
    .sort((a, b) => b.time - a.time || a.index - b.index);
  const days: DayPosts<T>[] = [];
  let current: DayPosts<T> | undefined;
  for (const [position, { post, time }] of stamped.entries()) {
    const key = dayKey(time);
    if (current?.key !== key) {
      current = { key, posts: [], start: position, newest: time };
      days.push(current);
    }
    current.posts.push(post);
  }
  return days;
}

/** postsByDay with each day's heading in the viewer's locale. */
export function groupPostsByDay<T extends { created_at: string }>(
  posts: readonly T[],
  options: DayFormatOptions = {},
): DayGroup<T>[] {
  const days = postsByDay(posts, options);
  if (days.length === 0) return [];
  const headingFormat = dayHeadingFormatter(options);
  return days.map((day) => ({ ...day, label: headingFormat.format(day.newest) }));
}
