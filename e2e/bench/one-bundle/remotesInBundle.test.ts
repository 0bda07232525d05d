// The one-bundle build (vite.config.ts here) puts remotesInBundle.ts where the host imports federatedRemotes.ts:
// a name the host starts importing from there, and this stand-in lacks, fails that build and so the bench.
//   npx tsx --test e2e/bench/one-bundle/remotesInBundle.test.ts
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const hostSource = resolve(here, '../../../host/src');

/** The values (not types) the host's own modules import from federatedRemotes.ts. */
function importedFromFederatedRemotes(): Set<string> {
  const names = new Set<string>();
  const files = readdirSync(hostSource, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('federatedRemotes.ts'),
  );
  for (const file of files) {
    const text = readFileSync(join(hostSource, file), 'utf8');
    for (const [, list] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[^']*federatedRemotes(?:\.ts)?'/g))
      for (const part of list!.split(','))
        if (part.trim() && !part.trim().startsWith('type ')) names.add(part.trim().split(/\s+as\s+/)[0]!);
  }
  return names;
}

it('the stand-in exports every value the host imports from federatedRemotes.ts', () => {
  const standIn = readFileSync(join(here, 'remotesInBundle.ts'), 'utf8');
  const exported = new Set(
    [...standIn.matchAll(/export\s+(?:async\s+)?(?:function|class|const|let)\s+(\w+)/g)].map((m) => m[1]),
  );
  const imported = importedFromFederatedRemotes();
  assert.ok(imported.size > 5, `found the host's imports (${[...imported].join(', ')})`);
  assert.deepEqual([...imported].filter((name) => !exported.has(name)).sort(), []);
});
