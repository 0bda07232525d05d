import type { Page } from '@playwright/test';

/** A layout shift the page made, as its PerformanceObserver saw it. */
export interface LayoutShift {
  /** When, in the page's clock (performance.now()). */
  at: number;
  value: number;
  /** A shift within 500 ms of the user's input: not counted by CLS. */
  hadRecentInput: boolean;
  /** What moved: element (test id, first words), its move in x and y, its height before and after. */
  moved: string;
}

/**
 * Records every layout shift of the page's documents from their start (an init script). Returns what reads
 * them back, for the document showing now.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<LayoutShift[]>> {
  await page.addInitScript(() => {
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const shifts: LayoutShift[] = [];
    (window as unknown as { __layoutShifts: LayoutShift[] }).__layoutShifts = shifts;
    const describe = ({ node, previousRect: a, currentRect: b }: Source) => {
      const el = node instanceof Element ? node : node?.parentElement;
      const testId = el?.getAttribute('data-testid');
      const name = `${el?.tagName.toLowerCase() ?? '?'}${testId ? `[${testId}]` : ''}`;
      return (
        `${name} "${(el?.textContent ?? '').slice(0, 30)}" x ${Math.round(a.x)}->${Math.round(b.x)} ` +
        `y ${Math.round(a.y)}->${Math.round(b.y)} h ${Math.round(a.height)}->${Math.round(b.height)}`
      );
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: Source[];
      })[])
        shifts.push({
          at: entry.startTime,
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          moved: `scrollY ${Math.round(scrollY)}: ${entry.sources.map(describe).join('; ')}`,
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __layoutShifts: LayoutShift[] }).__layoutShifts);
}

/**
 * CLS as the web-vitals library reports it: the largest burst of shifts without recent input (gaps under 1 s,
 * at most 5 s long), over the shifts from `from` on (the page's clock; all of them by default).
 */
export function cumulativeLayoutShift(shifts: readonly LayoutShift[], from = 0): number {
  let cls = 0;
  let burst = 0;
  let first = 0;
  let last = -Infinity;
  for (const { at, value } of shifts.filter((s) => !s.hadRecentInput && s.at >= from)) {
    if (at - last < 1000 && at - first < 5000) burst += value;
    else [burst, first] = [value, at];
    last = at;
    cls = Math.max(cls, burst);
  }
  return cls;
}
