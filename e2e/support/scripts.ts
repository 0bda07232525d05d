import type { Page } from '@playwright/test';

/** Collects the body of every script the page downloads, with its URL (read once the page is done). */
export function recordScripts(page: Page): Promise<{ url: string; body: string }>[] {
  const scripts: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (response) => {
    if ((response.headers()['content-type'] ?? '').includes('javascript'))
      scripts.push(
        response
          .text()
          .then((body) => ({ url: response.url(), body }))
          .catch(() => ({ url: response.url(), body: '' })),
      );
  });
  return scripts;
}
