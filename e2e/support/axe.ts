import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules every journey is held to: WCAG 2.2 A and AA (issue 14). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** An axe finding, with enough detail to find it on the page. */
export interface AxeFinding {
  rule: string;
  impact: string | null | undefined;
  targets: string[];
  summary: string;
}

/**
 * The serious and critical axe findings on the page as it is now, once its fonts are in (colour contrast is
 * read from the drawn text). A screen that animates is settled by its caller first (reduced motion, or waiting).
 */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(() => document.fonts.ready);
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      targets: violation.nodes.map((node) => node.target.join(' ')),
      summary: violation.nodes[0]?.failureSummary?.split('\n').slice(0, 3).join(' ') ?? '',
    }));
}
