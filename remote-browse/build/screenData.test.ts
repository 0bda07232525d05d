import { ROUTES, SCREEN_ROUTES, SCREENS } from '@snapshire/contracts';
import { describe, expect, it } from 'vitest';
import { SCREEN_QUERIES } from './screenData.ts';

describe("this remote's published first queries", () => {
  it('each starts only at a route SCREENS gives the screen it belongs to (else the first script skips it, silently)', () => {
    for (const [module, query] of Object.entries(SCREEN_QUERIES)) {
      const routes = SCREEN_ROUTES.filter((route) => SCREENS[route].module === module).map((route) => ROUTES[route]);
      expect(routes, module).toContain(query.route);
    }
  });
});
