import { act, render, screen } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '@snapshire/ui';
import { describe, expect, it, vi } from 'vitest';
import { DayMasonry } from './DayMasonry.tsx';
import { bandStart } from './useVisibleBand.ts';

const squares = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i}`, meta_width: 100, meta_height: 100 }));

function renderMasonry(count: number) {
  return render(
    <ChakraProvider value={system}>
      <DayMasonry
      items={squares(count)}
      columns={3}
      width={900}
      renderItem={(item, index) => <div data-testid="tile" data-index={index}>{item.id}</div>}
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

describe('bandStart', () => {
  it('moves in steps and stays put while the element is far away', () => {
    expect(bandStart(0, 900, 30_000, 1500)).toBe(-1600);
    expect(bandStart(-150, 900, 30_000, 1500)).toBe(-1400);
    // Far below the screen and far above it: the same value however far, so nothing re-renders.
    expect(bandStart(50_000, 900, 30_000, 1500)).toBe(bandStart(90_000, 900, 30_000, 1500));
    expect(bandStart(-80_000, 900, 30_000, 1500)).toBe(bandStart(-90_000, 900, 30_000, 1500));
  });
});
