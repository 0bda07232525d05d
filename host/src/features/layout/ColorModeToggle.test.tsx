import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { UiProvider } from '@snapshire/ui';

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
});

describe('ColorModeToggle', () => {
  it('defaults to system, and stores the chosen mode under "theme" and on <html>', { timeout: 20_000 }, async () => {
    render(
      <UiProvider>
        <ColorModeToggle />
      </UiProvider>,
    );
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

  it('starts from a stored mode', { timeout: 20_000 }, async () => {
    localStorage.setItem('theme', 'dark');
    render(
      <UiProvider>
        <ColorModeToggle />
      </UiProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
  });
});
