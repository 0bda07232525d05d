// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { MESSAGES, ROUTES, SCREEN_ROUTES, SCREENS } from '@snapshire/contracts';
import { loadScreenData } from '../../packages/data/src/graphql/screenDataPlugin.ts';
import { firstRenderer } from '../../packages/standalone/build/firstRenderer.ts';
import { describe, expect, it } from 'vitest';
import { FIRST_RENDER_MARKS } from '../src/screens/GroupPage/firstRenderMarks.ts';
import { SCREEN_QUERIES } from './screenData.ts';

describe("this remote's published first queries", () => {
  it('each starts only at a route SCREENS gives the screen it belongs to (else the first script skips it, silently)', () => {
    for (const [module, query] of Object.entries(SCREEN_QUERIES)) {
      const routes = SCREEN_ROUTES.filter((route) => SCREENS[route].module === module).map((route) => ROUTES[route]);
      expect(routes, module).toContain(query.route);
    }
  });

  it("publishes the screens' first renders: the groups list's title and intro, the group page's, with the rules they use, and no script", async () => {
    const here = fileURLToPath(new URL('.', import.meta.url));
    const { screens } = await loadScreenData(`${here}screenData.ts`, { renderFirst: firstRenderer(`${here}..`) });
    const firstRender = screens.GroupsPage?.firstRender;
    expect(firstRender?.html).toContain(`>${MESSAGES.GROUPS_TITLE}</h1>`);
    expect(firstRender?.html).toContain(MESSAGES.GROUPS_INTRO);
    expect(firstRender?.html).not.toMatch(/<script|<style/);
    // Every class the HTML names has its rule among the published styles.
    const classes = [...firstRender!.html.matchAll(/class="([^"]*)"/g)].flatMap(([, names]) => names!.split(' '));
    for (const name of classes.filter((c) => c.startsWith('css-'))) expect(firstRender!.css).toContain(`.${name}{`);
    // The group page: its loading state, and the screen drawn with a marked answer for its first-photos module
    // to fill (src/screens/GroupPage/firstRenderFill.ts), each with the rules it uses.
    const group = screens.GroupPage!;
    expect(group.firstRender?.html).toContain('role="status"');
    expect(group.firstRenderTemplate?.html).toContain(`>${FIRST_RENDER_MARKS.name}</h1>`);
    expect(group.firstRenderTemplate?.html).toContain('data-testid="photo-tile"');
    for (const drawn of [group.firstRender!, group.firstRenderTemplate!]) {
      expect(drawn.html).not.toMatch(/<script|<style/);
      const named = [...drawn.html.matchAll(/class="([^"]*)"/g)].flatMap(([, names]) => names!.split(' '));
      for (const name of named.filter((c) => c.startsWith('css-'))) expect(drawn.css).toContain(`.${name}{`);
    }
  }, 120_000);
});
