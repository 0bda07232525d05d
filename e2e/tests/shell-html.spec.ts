/**
 * The shell is drawn from the page's HTML (issue 24, decision 2): the top bar, the screen-high content area
 * and, at the home address, the landing page's text are written into index.html at build time
 * (host/build/prerenderShellPlugin.ts), so they paint before any script has arrived, exactly where the app then
 * draws them. Measured by opening a page twice, once with the site's scripts cut off (only the HTML and its
 * inline scripts), once whole, and comparing where each part is.
 */
import type { BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { MESSAGES, paths } from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { expect, test } from '../harness/fixtures.ts';
import { recordLayoutShifts } from '../support/layoutShifts.ts';
import { signInOnDevice } from '../support/session.ts';

/** The shell's parts, by what they are (the session's controls are hidden until it is read, so not by role). */
const PARTS = {
  header: 'header:not(main header)',
  home: `nav a[href="${paths.home()}"]`,
  groups: `nav a[href="${paths.groups()}"]`,
  theme: 'header button[aria-label^="Theme"]',
  main: 'main',
} as const;

/** The landing page's text and its two ways in. */
const LANDING_PARTS = {
  content: '[data-testid="landing-content"]',
  heading: 'h1',
  createAccount: `main a[href="${paths.register()}"]`,
  browseGroups: `main a[href="${paths.groups()}"]`,
} as const;

type Box = { x: number; y: number; width: number; height: number } | null;

async function boxesOf(page: Page, parts: Record<string, string>): Promise<Record<string, Box>> {
  const entries = await Promise.all(
    Object.entries(parts).map(async ([name, selector]) => [name, await page.locator(selector).first().boundingBox()]),
  );
  return Object.fromEntries(entries) as Record<string, Box>;
}

/** How a link is drawn and announced: its colour, and whether it is marked as the current page. */
async function lookOf(page: Page, selector: string): Promise<{ color: string; current: string | null }> {
  const link = page.locator(selector).first();
  return {
    color: await link.evaluate((element) => getComputedStyle(element).color),
    current: await link.getAttribute('aria-current'),
  };
}

/** The page at `path` with every script file of the site refused: what its HTML alone draws. */
async function openHtmlOnly(page: Page, path: string): Promise<void> {
  await page.route(/\.js(\?|$)/, (route) => route.abort());
  await page.goto(path);
  await expect(page.locator(PARTS.header)).toBeVisible();
}

const DEVICES: { name: string; options: BrowserContextOptions }[] = [
  {
    name: 'phone',
    options: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  },
  { name: 'laptop', options: { viewport: { width: 1280, height: 800 } } },
];

for (const device of DEVICES) {
  for (const visitor of ['signed out', 'signed in'] as const) {
    test(`on a ${device.name}, ${visitor}: the HTML alone draws the shell where the app draws it`, async ({
      browser,
      stack,
    }) => {
      const context = await browser.newContext({ ...device.options, baseURL: stack.hostUrl });
      try {
        if (visitor === 'signed in') await signInOnDevice(context, SAMPLE_ACCOUNTS.ben);
        // Only the HTML: every script file of the site is refused (the inline scripts still run).
        const htmlOnly = await context.newPage();
        await openHtmlOnly(htmlOnly, paths.groups());
        const fromHtml = await boxesOf(htmlOnly, PARTS);
        const groupsLinkInHtml = await lookOf(htmlOnly, PARTS.groups);
        const footerTop = (await htmlOnly.locator('footer').boundingBox())?.y;
        // The landing page's text is drawn at the home address only.
        await expect(htmlOnly.locator(LANDING_PARTS.content)).toHaveCount(0);
        await htmlOnly.close();

        const whole = await context.newPage();
        await whole.goto(paths.groups());
        await expect(
          visitor === 'signed in'
            ? whole.getByRole('button', { name: 'Sign out' })
            : whole.getByRole('link', { name: 'Sign up' }),
        ).toBeVisible({ timeout: 30_000 });
        const fromApp = await boxesOf(whole, PARTS);
        // At the groups list, "Groups" is drawn as the current page by both.
        expect(groupsLinkInHtml).toEqual(await lookOf(whole, PARTS.groups));
        expect(groupsLinkInHtml.current).toBe('page');

        for (const [name, box] of Object.entries(fromApp)) {
          expect(box, `${name} is drawn by the app`).not.toBeNull();
          // The content area grows with the screen drawn into it: where it starts and how wide it is.
          const expected = name === 'main' ? { ...box!, height: fromHtml.main?.height } : box;
          expect(fromHtml[name], `${name} in the HTML alone`).toEqual(expected);
        }
        // The content area is at least a screen high, so the footer starts out of view.
        expect(footerTop).toBeGreaterThanOrEqual(device.options.viewport!.height);
      } finally {
        await context.close();
      }
    });
  }
}

/**
 * Opens `path` in `context` twice, with every script file refused once `htmlDrawn` holds, and whole once
 * `appDrawn` holds: each of `parts` is in the same box in both.
 */
async function expectSameBoxes(
  context: BrowserContext,
  path: string,
  parts: Record<string, string>,
  htmlDrawn: (page: Page) => Promise<void>,
  appDrawn: (page: Page) => Promise<void>,
): Promise<void> {
  const htmlOnly = await context.newPage();
  await openHtmlOnly(htmlOnly, path);
  await htmlDrawn(htmlOnly);
  const fromHtml = await boxesOf(htmlOnly, parts);
  await htmlOnly.close();

  const whole = await context.newPage();
  await whole.goto(path);
  await appDrawn(whole);
  const fromApp = await boxesOf(whole, parts);
  for (const [name, box] of Object.entries(fromApp)) {
    expect(box, `${name} is drawn by the app`).not.toBeNull();
    expect(fromHtml[name], `${name} in the HTML alone`).toEqual(box);
  }
}

/** The groups list's own parts, drawn from the first render remote-browse publishes (screen-data.json). */
const GROUPS_PARTS = {
  title: 'main h1',
  intro: `main p:text-is(${JSON.stringify(MESSAGES.GROUPS_INTRO)})`,
} as const;

/** The first screens drawn before their scripts: what is drawn, where, and when each side has drawn it. */
const FIRST_SCREENS = [
  {
    title: "the HTML alone draws the landing page's text where the app draws it",
    path: paths.home(),
    parts: { ...PARTS, ...LANDING_PARTS },
    htmlDrawn: (page: Page) =>
      expect(page.locator(LANDING_PARTS.heading)).toHaveText('A new home for your photographs'),
    appDrawn: (page: Page) => expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible({ timeout: 30_000 }),
  },
  {
    // Only the HTML and the remote's screen-data.json: the remote's screen and the shell's code never load; then
    // the screen's own render, its group cards in.
    title: "before any script has loaded, the groups list's title and intro are drawn where the screen draws them",
    path: paths.groups(),
    parts: GROUPS_PARTS,
    htmlDrawn: async (page: Page) => {
      await expect(page.locator(GROUPS_PARTS.title)).toHaveText(MESSAGES.GROUPS_TITLE);
      await expect(page.locator(GROUPS_PARTS.intro)).toBeVisible();
    },
    appDrawn: (page: Page) => expect(page.getByTestId('group-card').first()).toBeVisible({ timeout: 30_000 }),
  },
];

for (const device of DEVICES) {
  for (const screen of FIRST_SCREENS) {
    test(`on a ${device.name}: ${screen.title}`, async ({ browser, stack }) => {
      const context = await browser.newContext({ ...device.options, baseURL: stack.hostUrl });
      try {
        await expectSameBoxes(context, screen.path, screen.parts, screen.htmlDrawn, screen.appDrawn);
      } finally {
        await context.close();
      }
    });
  }
}

/**
 * The app takes the groups list's first render over without moving it: while the screen's code is still on
 * its way (remote-browse's files held back), the shell's own render shows the same first render in the same
 * place, and the screen's render then fills it. Nothing moves on the way (CLS 0), for a visitor and for
 * someone signed in.
 */
for (const visitor of ['signed out', 'signed in'] as const) {
  test(`on a phone, ${visitor}: the groups list's first render stays in place until the screen has drawn (CLS 0)`, async ({
    browser,
    stack,
  }) => {
    const context = await browser.newContext({ ...DEVICES[0]!.options, baseURL: stack.hostUrl });
    try {
      if (visitor === 'signed in') await signInOnDevice(context, SAMPLE_ACCOUNTS.ben);
      const page = await context.newPage();
      const layoutShifts = await recordLayoutShifts(page);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const browse = new URL(stack.remoteOrigins.remote_browse).origin;
      await page.route(
        (url) => url.origin === browse && url.pathname.endsWith('.js'),
        async (route) => {
          await released;
          await route.continue();
        },
      );
      await page.goto(paths.groups());
      // The shell is React's now (the session's controls are drawn only by the app), and the screen's code
      // has not arrived: the first render is the slot's.
      await expect(
        visitor === 'signed in'
          ? page.getByRole('button', { name: 'Sign out' })
          : page.getByRole('link', { name: 'Sign up' }),
      ).toBeVisible({ timeout: 30_000 });
      const intro = page.locator(GROUPS_PARTS.intro);
      await expect(page.locator(GROUPS_PARTS.intro.replace(/^main /, 'main [data-first-render] '))).toBeVisible();
      const before = await boxesOf(page, GROUPS_PARTS);
      release();
      await expect(page.getByTestId('group-card').first()).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('[data-first-render]')).toHaveCount(0);
      await expect(intro).toBeVisible();
      expect(await boxesOf(page, GROUPS_PARTS)).toEqual(before);
      await page.waitForLoadState('networkidle');
      expect((await layoutShifts()).map((s) => `${s.value.toFixed(4)}: ${s.moved}`)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
