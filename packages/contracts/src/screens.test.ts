import { describe, expect, it } from 'vitest';
import { ROUTES } from './routes.ts';
import { childScreenRoutes, nestedScreenPath, SCREEN_ROUTES, SCREENS, type ScreenDeclaration } from './screens.ts';

const declared = (route: keyof typeof SCREENS): ScreenDeclaration => SCREENS[route];

describe('SCREENS, the one declaration of each remote screen', () => {
  it('nests a route only under a route whose path it extends', () => {
    for (const route of SCREEN_ROUTES) {
      const parent = declared(route).parent;
      if (!parent) continue;
      expect(ROUTES[route].startsWith(`${ROUTES[parent]}/`), route).toBe(true);
      expect(childScreenRoutes(parent)).toContain(route);
      expect(`${ROUTES[parent]}/${nestedScreenPath(route)}`).toBe(ROUTES[route]);
    }
    expect(nestedScreenPath('GROUP_POST_BY_ID')).toBe('post/:postId');
    expect(nestedScreenPath('GROUPS')).toBe(ROUTES.GROUPS);
  });

  it('gives each exposed module to one remote, and a screen drawn at several routes one reading of them', () => {
    for (const route of SCREEN_ROUTES) {
      for (const other of SCREEN_ROUTES) {
        if (declared(route).module !== declared(other).module) continue;
        expect(declared(other).remote, `${route} and ${other}`).toBe(declared(route).remote);
        expect(declared(other).reads, `${route} and ${other}`).toBe(declared(route).reads);
      }
    }
  });
});
