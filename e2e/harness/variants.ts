/**
 * Builds apps from another source tree than the one `npm run build` built: the working tree with changes made
 * by a test (a remote's new release), or a previous release (a commit). The tree is copied into a temporary
 * folder with a node_modules of symlinks to this repository's installed packages, except the workspace
 * packages (@snapshire/*), which point at the copied tree, so the build uses that tree's own packages/. No
 * network: only git, the installed node_modules and Vite.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screenModulePath } from '@snapshire/contracts';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export type App = 'host' | 'remote-browse' | 'remote-auth' | 'remote-upload';

export interface SourceTree {
  dir: string;
  /** Runs a build of `app` in this tree; resolves with its dist folder. */
  build(app: App): Promise<string>;
  /** Regenerates a remote's typed GraphQL operations (after a test changed a .graphql file). */
  codegen(app: App): Promise<void>;
  edit(file: string, change: (source: string) => string): Promise<void>;
  write(file: string, content: string): Promise<void>;
  /**
   * A new release of a remote's screen: the module the remote exposes (screenModulePath, from SCREENS in
   * packages/contracts) becomes `release`, which can import what it was from ./<Screen>.previous.tsx.
   */
  releaseScreen(app: App, screen: string, release: string): Promise<void>;
  remove(): Promise<void>;
}

/** A copy of the working tree (tracked and untracked, not ignored files), or of commit `ref` (git archive). */
export async function sourceTree({ ref }: { ref?: string } = {}): Promise<SourceTree> {
  const dir = await mkdtemp(join(tmpdir(), 'snapshire-variant-'));
  if (ref) {
    const archive = execFileSync('git', ['archive', '--format=tar', ref], { cwd: REPO_ROOT, maxBuffer: 1 << 30 });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
  } else {
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: REPO_ROOT,
      maxBuffer: 1 << 28,
    })
      .toString()
      .split('\0')
      .filter((file) => file && !file.startsWith('e2e/') && !file.startsWith('supabase/'));
    for (const file of files) {
      if (!existsSync(join(REPO_ROOT, file))) continue; // deleted in the working tree
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await cp(join(REPO_ROOT, file), join(dir, file));
    }
  }
  await linkNodeModules(dir);
  const run = (cwd: string, args: string[]) =>
    new Promise<void>((ok, fail) => {
      const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) =>
        code === 0 ? ok() : fail(new Error(`${args.join(' ')} in ${cwd} failed (${code}):\n${output.slice(-3000)}`)),
      );
    });
  return {
    dir,
    async build(app) {
      await run(join(dir, app), [
        join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--logLevel',
        'warn',
      ]);
      return join(dir, app, 'dist');
    },
    async codegen(app) {
      await run(join(dir, app), [
        join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        '../packages/data/src/graphql/codegen.ts',
      ]);
    },
    async edit(file, change) {
      const path = join(dir, file);
      const before = await readFile(path, 'utf8');
      const after = change(before);
      if (after === before) throw new Error(`the change to ${file} changed nothing: its anchor has moved`);
      await writeFile(path, after);
    },
    async write(file, content) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), content);
    },
    async releaseScreen(app, screen, release) {
      const exposed = join(dir, app, screenModulePath(screen));
      await writeFile(join(dirname(exposed), `${screen}.previous.tsx`), await readFile(exposed, 'utf8'));
      await writeFile(exposed, release);
    },
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * node_modules for the copied tree: a folder of symlinks to the installed packages, with @snapshire/* pointing
 * into the copy (the installed ones are relative links into this repository's packages/). Each app's own
 * node_modules is linked as it is (it holds no workspace package).
 */
async function linkNodeModules(dir: string): Promise<void> {
  const installed = join(REPO_ROOT, 'node_modules');
  const target = join(dir, 'node_modules');
  await mkdir(target, { recursive: true });
  for (const entry of await readdir(installed)) {
    if (entry === '@snapshire' || entry === '.vite' || entry === '.cache') continue;
    await symlink(join(installed, entry), join(target, entry));
  }
  await mkdir(join(target, '@snapshire'));
  // The workspaces of the copied tree (its own root package.json), so a package added or removed in that
  // tree or release is linked as it is there.
  const { workspaces = [] } = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as {
    workspaces?: string[];
  };
  for (const workspace of workspaces) {
    const manifest = join(dir, workspace, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name } = JSON.parse(await readFile(manifest, 'utf8')) as { name?: string };
    if (name?.startsWith('@snapshire/'))
      await symlink(join(dir, workspace), join(target, '@snapshire', name.slice('@snapshire/'.length)));
    const own = join(REPO_ROOT, workspace, 'node_modules');
    if (existsSync(own) && !existsSync(join(dir, workspace, 'node_modules')))
      await symlink(own, join(dir, workspace, 'node_modules'));
  }
}
