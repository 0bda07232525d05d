// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { MESSAGES, ROUTES, SCREEN_ROUTES, SCREENS } from '@snapshire/contracts';
import { loadScreenData } from '../../packages/data/src/graphql/screenDataPlugin.ts';
import { firstRenderer } from '../../packages/standalone/build/firstRenderer.ts';
import { describe, expect, it } from 'vitest';
import { SCREEN_QUERIES } from './screenData.ts';

describe("this remote's published first queries", () => {
  it('each starts only at a route SCREENS gives the screen it belongs to (else the first script skips it, silently)', () => {
    for (const [module, query] of Object.entries(SCREEN_QUERIES)) {
      const routes = SCREEN_ROUTES.filter((route) => SCREENS[route].module === module).map((route) => ROUTES[route]);
      expect(routes, module).toContain(query.route);
    }
  });

  it("publishes the groups list's first render: its title and intro with the rules they use, and no script", async () => {
    const here = fileURLToPath(new URL('.', import.meta.url));
    const { screens } = await loadScreenData(`${here}screenData.ts`, { renderFirst: firstRenderer(`${here}..`) });
    const firstRender = screens.GroupsPage?.firstRender;
    expect(firstRender?.html).toContain(`>${MESSAGES.GROUPS_TITLE}</h1>`);
    expect(firstRender?.html).toContain(MESSAGES.GROUPS_INTRO);
    expect(firstRender?.html).not.toMatch(/<script|<style/);
    // Every class the HTML names has its rule among the published styles.
    const classes = [...firstRender!.html.matchAll(/class="([^"]*)"/g)].flatMap(([, names]) => names!.split(' '));
    for (const name of classes.filter((c) => c.startsWith('css-'))) expect(firstRender!.css).toContain(`.${name}{`);
    expect(screens.GroupPage?.firstRender).toBeUndefined();
  }, 120_000);
});
