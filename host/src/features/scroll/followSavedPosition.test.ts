import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FOLLOW_SAVED_POSITION_MS, followSavedPosition } from './followSavedPosition.ts';

/** The page's height, grown by the test as "photos arrive"; jsdom lays nothing out. */
let height = 0;
let grow: () => void;
let scrollTo: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  height = 900;
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, get: () => height });
  vi.stubGlobal('innerHeight', 800);
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        grow = () => callback();
      }
      observe() {}
      disconnect() {
        grow = () => undefined;
      }
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document.documentElement, 'scrollHeight');
});

const growTo = (h: number) => {
  height = h;
  grow();
};

describe('followSavedPosition', () => {
  it('follows the page down as it grows, and stops at the place', () => {
    followSavedPosition(3000);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 100);
    growTo(2000);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);
    growTo(5000);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 3000);
    growTo(9000); // reached: the page growing further moves nothing
    expect(scrollTo).toHaveBeenCalledTimes(3);
  });

  it('lets go as soon as the person scrolls, taps or types', () => {
    for (const event of [new WheelEvent('wheel'), new Event('touchstart'), new KeyboardEvent('keydown')]) {
      scrollTo.mockClear();
      followSavedPosition(3000);
      window.dispatchEvent(event);
      growTo(5000);
      expect(scrollTo, event.type).toHaveBeenCalledTimes(1);
      height = 900;
    }
  });

  it(`gives up after ${FOLLOW_SAVED_POSITION_MS} ms, and when the page is left`, () => {
    followSavedPosition(3000);
    vi.advanceTimersByTime(FOLLOW_SAVED_POSITION_MS);
    growTo(5000);
    expect(scrollTo).toHaveBeenCalledTimes(1);

    scrollTo.mockClear();
    height = 900;
    const stop = followSavedPosition(3000);
    stop();
    growTo(5000);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
