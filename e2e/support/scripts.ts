import type { Page } from '@playwright/test';

/**
 * Collects the body of every script the page downloads, with its URL (read once the page is done). A body that
 * cannot be read rejects, naming the script: a check of what the scripts hold must not pass for want of one.
 */
export function recordScripts(page: Page): Promise<{ url: string; body: string }>[] {
  const scripts: Promise<{ url: string; body: string }>[] = [];
  page.on('response', (response) => {
    if ((response.headers()['content-type'] ?? '').includes('javascript')) {
      const read = response.text().then(
        (body) => ({ url: response.url(), body }),
        (error: unknown) => {
          throw new Error(`could not read the script ${response.url()}: ${String(error)}`);
        },
      );
      // Awaited by the test (Promise.all); until then, not an unhandled rejection.
      read.catch(() => undefined);
      scripts.push(read);
    }
  });
  return scripts;
}
