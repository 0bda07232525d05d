import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';

/** Where the journeys' screenshots go, for a person to look at; none are taken without it. */
const SHOTS_DIR = process.env.SHOTS_DIR;

/** With SHOTS_DIR set: the whole page as it is now, as `<name>.png` (a journey that sets its own widths). */
export async function shootPage(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage: true });
}

/**
 * With SHOTS_DIR set: the whole page at a phone's width (390x844) and a laptop's (1280x800), as `<name>-<width>.png`.
 * Focus and state stay as they are, and the viewport is put back.
 */
export async function shootPhoneAndLaptop(page: Page, name: string): Promise<void> {
  if (!SHOTS_DIR) return;
  await mkdir(SHOTS_DIR, { recursive: true });
  const original = page.viewportSize();
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300); // the layout settles at the new width
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
