import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as whole from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SHARED_SOURCES } from '../shared.ts';
import * as provided from './reactRouterDom.ts';

const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
const APPS = [
  'host',
  'remote-browse',
  'remote-auth',
  'remote-upload',
  'packages/ui',
  'packages/data',
  'packages/standalone',
];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/** The names each app's (non-test) source imports from react-router-dom. */
function importedNames(): Map<string, string> {
  const names = new Map<string, string>();
  for (const app of APPS)
    for (const file of sourceFiles(join(REPO, app, 'src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'react-router-dom'/g))
        for (const part of match[1]!.split(',')) {
          const name = part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]!;
          if (name && !part.trim().startsWith('type ')) names.set(name, file.slice(REPO.length + 1));
        }
    }
  return names;
}

describe("the page's one router (shared as react-router-dom)", () => {
  it('is the module the shared map provides under react-router-dom', () => {
    expect(SHARED_SOURCES['react-router-dom']).toMatch(/shared[\\/]reactRouterDom\.ts$/);
  });

  it('provides every name the apps import from react-router-dom', () => {
    const names = importedNames();
    expect(names.size).toBeGreaterThan(10);
    for (const [name, file] of names) expect(provided, `${name} (imported by ${file})`).toHaveProperty(name);
  });

  it('is a part of react-router-dom: the same names, from the same modules', () => {
    for (const name of Object.keys(provided)) expect(whole, name).toHaveProperty(name);
    expect(typeof provided.RouterProvider).toBe('function');
  });

  it('leaves out what no browser page uses', () => {
    for (const name of ['createStaticHandler', 'ServerRouter', 'createCookieSessionStorage', 'HydratedRouter'])
      expect(provided).not.toHaveProperty(name);
  });
});
