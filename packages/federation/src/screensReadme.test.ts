import { readFileSync } from 'node:fs';
import {
  SCREEN_REMOTES,
  SCREEN_ROUTES,
  SCREENS,
  screenModulesOf,
  type ScreenDeclaration,
  type ScreenRoute,
} from '@snapshire/contracts';
import { describe, expect, it } from 'vitest';

const declared = (route: ScreenRoute): ScreenDeclaration => SCREENS[route];

/** The README's table of screens, one row per exposed module, as SCREENS gives it. */
function expectedReadmeRows(): string[][] {
  return SCREEN_REMOTES.flatMap((remote) =>
    screenModulesOf(remote).map((module) => {
      const routes = SCREEN_ROUTES.filter((route) => declared(route).module === module);
      const nested = routes.some((route) => declared(route).parent) ? ', nested' : '';
      return [
        `\`${remote}/${module}\``,
        routes.map((route) => `\`${route}\``).join(', ') + nested,
        declared(routes[0]!).reads,
      ];
    }),
  );
}

function readmeRows(): string[][] {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const start = readme.indexOf('| Exposed module');
  expect(start, 'the README has a table of screens').toBeGreaterThan(-1);
  const lines = readme.slice(start).split('\n');
  const table = lines.slice(
    2,
    lines.findIndex((line) => !line.startsWith('|')),
  );
  return table.map((line) =>
    line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
}

describe("the README's table of screens", () => {
  it('is SCREENS (packages/contracts/src/screens.ts), row for row', () => {
    expect(readmeRows()).toEqual(expectedReadmeRows());
  });
});
