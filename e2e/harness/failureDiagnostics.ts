import type { BrowserContext, Request } from '@playwright/test';

/** How many of the latest events a failed test prints: enough to see what led to it, short enough to read. */
const KEPT_EVENTS = 60;
/** How much of each open page's text a failed test prints. */
const SHOWN_TEXT = 600;

/**
 * What the browser saw during a test, printed when the test fails: console errors and warnings, uncaught errors,
 * failed or refused requests, and the requests still waiting when it ended. A journey that fails once in a
 * hundred runs on a loaded CI machine leaves only its printed output behind (the trace and screenshot stay on
 * that machine), so the output must say whether the page waited on the network, the backend refused, or
 * the script threw.
 */
export class FailureDiagnostics {
  private readonly started = Date.now();
  private readonly events: string[] = [];
  private readonly pending = new Map<Request, number>();

  constructor(private readonly context: BrowserContext) {
    context.on('console', (message) => {
      const type = message.type();
      if (type === 'error' || type === 'warning') this.add(`console.${type}: ${message.text()}`);
    });
    context.on('weberror', (error) => this.add(`uncaught: ${error.error().message}`));
    context.on('request', (request) => this.pending.set(request, Date.now()));
    context.on('requestfinished', (request) => this.pending.delete(request));
    context.on('requestfailed', (request) => {
      this.pending.delete(request);
      this.add(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'no reason'})`);
    });
    context.on('response', (response) => {
      if (response.status() >= 400)
        this.add(`${response.status()} for ${response.request().method()} ${response.url()}`);
    });
  }

  private add(line: string): void {
    this.events.push(`+${Date.now() - this.started} ms ${line.slice(0, 400)}`);
    if (this.events.length > KEPT_EVENTS) this.events.shift();
  }

  /**
   * The report: one event per line, the requests that never finished and how long each had waited, and what each
   * open page showed (its address and the start of its text).
   */
  async report(): Promise<string> {
    const now = Date.now();
    const waiting = [...this.pending].map(
      ([request, since]) => `still waiting after ${now - since} ms: ${request.method()} ${request.url()}`,
    );
    const shown = await Promise.all(
      this.context.pages().map(async (page) => {
        const text = await Promise.race([
          page.locator('body').innerText({ timeout: 2_000 }),
          new Promise<string>((resolve) => setTimeout(() => resolve('(no answer in 2 s)'), 2_500)),
        ]).catch((error: unknown) => `(unreadable: ${String(error).split('\n')[0]})`);
        return `page ${page.url()} shows: ${text.replace(/\s+/g, ' ').slice(0, SHOWN_TEXT)}`;
      }),
    );
    const events = this.events.length ? this.events : ['no console errors, failed requests or refusals'];
    return [...events, ...waiting, ...shown].join('\n');
  }
}
