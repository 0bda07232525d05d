import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { UiProvider } from '@snapshire/ui';

const renderToggle = () =>
  render(
    <UiProvider>
      <ColorModeToggle />
    </UiProvider>,
  );

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});

describe('ColorModeToggle', () => {
  it('defaults to system, and stores the chosen mode under "theme" and on <html>', { timeout: 20_000 }, async () => {
    renderToggle();
    const trigger = screen.getByRole('button', { name: 'Theme: System' });
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(screen.getByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Theme: Dark' }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Light' }));
    await waitFor(() => expect(document.documentElement).toHaveClass('light'));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it("is the same button before the menu's code has come, announced as a menu's", () => {
    renderToggle();
    const trigger = screen.getByRole('button', { name: 'Theme: System' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it(
    'works from the keyboard: the focus stays on the switch while the menu comes, Enter opens it',
    { timeout: 20_000 },
    async () => {
      renderToggle();
      await userEvent.tab();
      // The menu's own trigger takes the focus over once its code has come.
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Theme: System' })).toHaveAttribute('data-scope', 'menu'),
      );
      expect(screen.getByRole('button', { name: 'Theme: System' })).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      const menu = await screen.findByRole('menu');
      await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
      await userEvent.keyboard('{ArrowDown}');
      const highlighted = await waitFor(() => {
        const item = menu.querySelector('[data-highlighted]');
        expect(item).not.toBeNull();
        return item!.textContent!.trim().toLowerCase();
      });
      await userEvent.keyboard('{Enter}');
      await waitFor(() => expect(localStorage.getItem('theme')).toBe(highlighted));
      expect(['light', 'dark', 'system']).toContain(highlighted);
    },
  );

  it('a press while the menu cannot be had does nothing; once it can, pointing at the switch does not open it', async () => {
    vi.resetModules();
    vi.doMock('./ColorModeMenu.tsx', () => {
      throw new Error('offline');
    });
    const { ColorModeToggle: Toggle } = await import('./ColorModeToggle.tsx');
    const { UiProvider: Provider } = await import('@snapshire/ui');
    render(
      <Provider>
        <Toggle />
      </Provider>,
    );
    const trigger = screen.getByRole('button', { name: 'Theme: System' });
    await userEvent.click(trigger);
    vi.doUnmock('./ColorModeMenu.tsx');
    await userEvent.hover(trigger);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Theme: System' })).toHaveAttribute('data-scope', 'menu'),
    );
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Theme: System' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('starts from a stored mode', { timeout: 20_000 }, async () => {
    localStorage.setItem('theme', 'dark');
    renderToggle();
    expect(await screen.findByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
  });
});
