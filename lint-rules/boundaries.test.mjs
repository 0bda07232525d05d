// The boundary rules of eslint.config.js, tested: every file under fixtures/ is linted with the repository's
// own config as if it sat at the same path in the tree (fixtures/remote-auth/src/<file> is judged as
// remote-auth/src/<file>), and must be reported by exactly the rules its first line names ("// expect: ...",
// or "nothing" for an import the architecture relies on). Removing or weakening a rule fails its fixtures.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const FIXTURES = join(import.meta.dirname, 'fixtures');
const EXPECT_LINE = /^\/\/ expect: (.+)$/m;
const TEST_FILE = /\.test\.[a-z]+$/;

const files = (await readdir(FIXTURES, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile())
  .map((entry) => relative(FIXTURES, join(entry.parentPath, entry.name)))
  .sort();

const fixtures = await Promise.all(
  files.map(async (file) => {
    const code = await readFile(join(FIXTURES, file), 'utf8');
    const declared = EXPECT_LINE.exec(code)?.[1];
    if (!declared)
      throw new Error(`lint-rules/fixtures/${file} must start with "// expect: <rules>" or "// expect: nothing"`);
    const expected = declared === 'nothing' ? [] : declared.split(',').map((rule) => rule.trim());
    return { file, code, expected: [...new Set(expected)].sort() };
  }),
);

// One ESLint for every fixture: the config (and its resolver caches) is loaded once.
const eslint = new ESLint({ cwd: ROOT });

describe('boundary rules', () => {
  it('has fixtures for forbidden and for allowed imports', () => {
    expect(fixtures.filter((f) => f.expected.length > 0).length).toBeGreaterThan(30);
    expect(fixtures.filter((f) => f.expected.length === 0).length).toBeGreaterThan(3);
  });

  it('has a forbidden fixture for every boundary rule the config turns on', async () => {
    const BOUNDARY_RULE = /^(import-x\/|no-restricted-|@typescript-eslint\/no-restricted-)/;
    const configured = new Set();
    // One file per folder and kind (test or not) is enough: config blocks select by folder and test name.
    const samples = new Map(fixtures.map(({ file }) => [`${dirname(file)} ${TEST_FILE.test(file)}`, file]));
    for (const file of samples.values()) {
      const { rules } = await eslint.calculateConfigForFile(join(ROOT, file));
      for (const [rule, setting] of Object.entries(rules)) {
        if (BOUNDARY_RULE.test(rule) && [setting].flat()[0] !== 'off' && [setting].flat()[0] !== 0)
          configured.add(rule);
      }
    }
    const tested = new Set(fixtures.flatMap((f) => f.expected));
    expect([...configured].filter((rule) => !tested.has(rule))).toEqual([]);
  });

  it.each(fixtures)('$file is reported by: $expected', async ({ file, code, expected }) => {
    const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
    const reported = result.messages.map((m) => `${m.ruleId ?? 'parse error'}: ${m.message}`);
    const rules = [...new Set(result.messages.map((m) => m.ruleId ?? 'parse error'))].sort();
    expect(rules, reported.join('\n')).toEqual(expected);
    expect(result.messages.every((m) => m.severity === 2)).toBe(true);
  });
});
