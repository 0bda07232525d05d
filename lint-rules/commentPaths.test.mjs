// Comments point only at what exists: every repository path a comment names (host/..., packages/...,
// remote-*/..., supabase/..., e2e/..., scripts/..., lint-rules/..., docs/..., patches/...) must be a tracked file
// or folder, or a place git ignores because a build or a run makes it (host/dist), and every source file it
// names by itself (earlyRemote.ts) must exist somewhere in the tree. Judged on what git tracks, not on the disk,
// so a fresh clone and a built tree agree. A file moved or removed without its mentions fails here, with each
// stale mention listed.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const TOP = ['host', 'remote-[a-z]+', 'packages', 'supabase', 'e2e', 'scripts', 'lint-rules', 'docs', 'patches'];
const PATH = new RegExp(`(?<![\\w@/.-])((?:${TOP.join('|')})/[\\w.+\\-/]*\\w)`, 'g');
const FILE_NAME = /(?<![\w/.-])([A-Za-z][\w-]*\.(?:ts|tsx|mjs|sql|graphql))\b/g;
const COMMENT = /\/\/[^\n]*|\/\*[\s\S]*?\*\//g;

function trackedFiles() {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => file && existsSync(join(ROOT, file)));
}

/**
 * Those of `paths` git ignores (made by a build or a run, never tracked), as a file or as a folder: `dist/`
 * matches a folder only, and a fresh clone has no host/dist for git to see as one.
 */
function ignored(paths) {
  if (paths.length === 0) return new Set();
  try {
    const out = execFileSync('git', ['check-ignore', '--stdin'], {
      cwd: ROOT,
      input: paths.flatMap((path) => [path, `${path}/`]).join('\n'),
      encoding: 'utf8',
    });
    return new Set(
      out
        .split('\n')
        .filter(Boolean)
        .map((path) => path.replace(/\/$/, '')),
    );
  } catch (error) {
    // Exit status 1: none of them is ignored.
    if (error.status === 1) return new Set();
    throw error;
  }
}

/** Every mention in a comment of a path or file that is not in the tree, as `file: mention`. */
export function staleMentions(files) {
  const names = new Set(files.map((file) => basename(file)));
  const tracked = new Set(files);
  const folders = new Set(
    files.flatMap((file) =>
      file
        .split('/')
        .slice(0, -1)
        .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
    ),
  );
  const stale = [];
  for (const file of files) {
    // Fixtures are lint input; generated code is written by its generator.
    if (!/\.(ts|tsx|mjs|js)$/.test(file) || file.startsWith('lint-rules/fixtures/') || file.includes('.generated.'))
      continue;
    for (const comment of readFileSync(join(ROOT, file), 'utf8').match(COMMENT) ?? []) {
      for (const [, path] of comment.matchAll(PATH)) {
        if (!tracked.has(path) && !folders.has(path)) stale.push(`${file}: ${path}`);
      }
      for (const [, name] of comment.matchAll(FILE_NAME)) if (!names.has(name)) stale.push(`${file}: ${name}`);
    }
  }
  const made = ignored([...new Set(stale.map((mention) => mention.slice(mention.indexOf(': ') + 2)))]);
  return stale.filter((mention) => !made.has(mention.slice(mention.indexOf(': ') + 2)));
}

describe('comments', () => {
  it('name only files and folders that exist', () => {
    expect(staleMentions(trackedFiles())).toEqual([]);
  });

  it('are checked: a mention of a moved file is reported', () => {
    const files = trackedFiles().filter((file) => file !== 'host/src/features/remotes/earlyManifests.ts');
    expect(staleMentions(files)).toContain('host/src/features/remotes/earlyRemote.ts: earlyManifests.ts');
  });
});
