import { act, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@snapshire/ui';
import { describe, expect, it, vi } from 'vitest';
import { DayMasonry } from './DayMasonry.tsx';
import { bandStart } from './useVisibleBand.ts';

const squares = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i}`, meta_width: 100, meta_height: 100 }));

function renderMasonry(count: number) {
  return render(
    <ChakraProvider value={system}>
      <DayMasonry
        items={squares(count)}
        columns={3}
        width={900}
        renderItem={(item, index) => (
          <div data-testid="tile" data-index={index}>
            {item.id}
          </div>
        )}
      />
    </ChakraProvider>,
  );
}

describe('DayMasonry virtualisation', () => {
  it('keeps only the tiles near the screen in the DOM while reserving the whole day', () => {
    renderMasonry(300);
    const masonry = screen.getByTestId('masonry');
    // 100 rows of 292px squares with 12px gutters.
    expect(masonry.style.height || getComputedStyle(masonry).height).toBe(`${100 * 292 + 99 * 12}px`);
    const rendered = screen.getAllByTestId('tile').map((t) => Number(t.dataset.index));
    expect(rendered[0]).toBe(0);
    expect(rendered.length).toBeGreaterThan(3 * 3);
    expect(rendered.length).toBeLessThan(50);
  });

  it('renders the tiles of the part scrolled to, and drops the ones left far behind', async () => {
    renderMasonry(300);
    const masonry = screen.getByTestId('masonry');
    vi.spyOn(masonry, 'getBoundingClientRect').mockReturnValue({ top: -15_000 } as DOMRect);
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    });
    const rendered = screen.getAllByTestId('tile').map((t) => Number(t.dataset.index));
    expect(rendered).not.toContain(0);
    // Row 50 (at 15,200px) is on screen.
    expect(rendered).toContain(150);
    expect(rendered.length).toBeLessThan(50);
  });
});

describe('DayMasonry layout report', () => {
  it('tells the width of every photo, off screen too, and takes the report back when laid out again', () => {
    const reports: { widths: readonly number[]; withdrawn: boolean }[] = [];
    const onLayout = (_items: readonly unknown[], widths: readonly number[]) => {
      const report = { widths, withdrawn: false };
      reports.push(report);
      return () => void (report.withdrawn = true);
    };
    const masonry = (width: number) => (
      <ChakraProvider value={system}>
        <DayMasonry items={squares(300)} columns={3} width={width} onLayout={onLayout} renderItem={() => null} />
      </ChakraProvider>
    );
    const { rerender } = render(masonry(900));
    expect(reports).toHaveLength(1);
    expect(reports[0]!.widths).toHaveLength(300);
    expect(new Set(reports[0]!.widths)).toEqual(new Set([292]));
    rerender(masonry(600));
    expect(reports.map((r) => [r.widths[299], r.withdrawn])).toEqual([
      [292, true],
      [192, false],
    ]);
  });
});

describe('DayMasonry with fewer photos than columns', () => {
  const day = (count: number, mayGrow: boolean) => (
    <ChakraProvider value={system}>
      <DayMasonry
        items={squares(count)}
        columns={3}
        width={912}
        mayGrow={mayGrow}
        renderItem={(item, index) => (
          <div data-testid="tile" data-index={index}>
            {item.id}
          </div>
        )}
      />
    </ChakraProvider>
  );
  const tileBoxes = () =>
    screen.getAllByTestId('tile').map((tile) => (tile.parentElement as HTMLElement).style.cssText);

  it('lays a complete short day out as one row across the width, not in columns left empty', () => {
    render(day(2, false));
    const masonry = screen.getByTestId('masonry');
    expect(masonry.dataset.layout).toBe('row');
    // Two squares side by side, as tall as a row may be (1.25 columns of 296px): 370px, centred.
    expect(masonry.style.height || getComputedStyle(masonry).height).toBe('370px');
    const [first, second] = screen.getAllByTestId('tile').map((tile) => tile.parentElement as HTMLElement);
    expect(first!.style.width).toBe('370px');
    expect(first!.style.left).toBe(`${(912 - 2 * 370 - 12) / 2}px`);
    expect(second!.style.left).toBe(`${(912 - 2 * 370 - 12) / 2 + 370 + 12}px`);
  });

  it('keeps columns for the day that may still grow, and never re-lays it out when it does', () => {
    const { rerender } = render(day(1, true));
    expect(screen.getByTestId('masonry').dataset.layout).toBe('columns');
    const before = tileBoxes();
    // The next page completes the day: still columns, the photo shown does not move or change size.
    rerender(day(1, false));
    expect(screen.getByTestId('masonry').dataset.layout).toBe('columns');
    expect(tileBoxes()).toEqual(before);
    rerender(day(2, false));
    expect(tileBoxes()[0]).toBe(before[0]);
  });
});

describe('bandStart', () => {
  it('moves in steps and stays put while the element is far away', () => {
    expect(bandStart(0, 900, 30_000, 1500)).toBe(-1600);
    expect(bandStart(-150, 900, 30_000, 1500)).toBe(-1400);
    // Far below the screen and far above it: the same value however far, so nothing re-renders.
    expect(bandStart(50_000, 900, 30_000, 1500)).toBe(bandStart(90_000, 900, 30_000, 1500));
    expect(bandStart(-80_000, 900, 30_000, 1500)).toBe(bandStart(-90_000, 900, 30_000, 1500));
  });
});
