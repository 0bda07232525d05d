// `npm run deploy:remote -- <remote-browse|remote-auth|remote-upload> <DEST> [--no-build]`
//
// Deploys one remote into DEST, a folder served by any static host, so that pages already open keep working:
//   1. builds the remote (`npx turbo run build --filter=<remote>`) unless --no-build;
//   2. checks the build is addressable: mf-manifest.json names remoteEntry.<build id>.js, and every file it
//      names exists;
//   3. copies every file of the build except the entry files into DEST, never deleting or overwriting one
//      that is there (hashed names: the same name is the same content), so the previous builds' chunks stay
//      online for pages that loaded them;
//   4. then swaps the small entry files, each written to a temporary name and renamed over the old one
//      (atomic on one file system): remoteEntry.js, index.html (the standalone page), screen-data.json (the
//      screens' first queries), and mf-manifest.json last, the one file a host reads to find the current build;
//   5. appends the build id and time to DEST/deploys.log.
// Serve DEST with CORS headers, mf-manifest.json / remoteEntry.js / index.html with Cache-Control: no-cache and
// everything else as immutable (scripts/lib/static-server.mjs does both).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, copyFile, mkdir, readdir, readFile, rename, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REMOTES = ['remote-browse', 'remote-auth', 'remote-upload'];
/**
 * Swapped last, in this order: the manifest is what hosts read, so it moves only when all else is there.
 * screen-data.json (the screens' first queries, which a host's first script reads) keeps its name across
 * builds, so it is swapped too rather than kept as a hashed file would be.
 */
const ENTRY_FILES = ['remoteEntry.js', 'index.html', 'screen-data.json', 'mf-manifest.json'];
/** Build outputs that are not deployed: the local default config and the build's statistics. */
const NOT_DEPLOYED = new Set(['config.json', 'mf-stats.json']);
const BUILD_ENTRY = /^remoteEntry\.([0-9a-f]{12})\.js$/;

/**
 * Deploys the built remote in `distDir` into `dest`. Exported for the e2e suite.
 * @returns {Promise<{ buildId: string, added: string[], kept: number }>}
 */
export async function deployRemoteBuild(distDir, dest, { log = () => {} } = {}) {
  const manifest = JSON.parse(await readFile(join(distDir, 'mf-manifest.json'), 'utf8'));
  const entryName = manifest?.metaData?.remoteEntry?.name;
  const buildId = BUILD_ENTRY.exec(entryName ?? '')?.[1];
  if (!buildId)
    throw new Error(
      `${distDir}/mf-manifest.json names ${entryName ?? 'no entry'}, not remoteEntry.<build id>.js: rebuild with the current packages/federation`,
    );
  const files = await listFiles(distDir);
  for (const named of namedAssets(manifest))
    if (!files.includes(named))
      throw new Error(`the build is incomplete: mf-manifest.json names ${named}, which is missing`);

  await mkdir(dest, { recursive: true });
  const added = [];
  let kept = 0;
  for (const file of files) {
    if (ENTRY_FILES.includes(file) || NOT_DEPLOYED.has(file)) continue;
    const target = join(dest, file);
    if (existsSync(target)) {
      kept += 1;
      continue;
    }
    await mkdir(dirname(target), { recursive: true });
    await atomicCopy(join(distDir, file), target);
    added.push(file);
  }
  for (const file of ENTRY_FILES) {
    if (!files.includes(file)) continue;
    await atomicCopy(join(distDir, file), join(dest, file));
  }
  await appendFile(join(dest, 'deploys.log'), `${new Date().toISOString()} ${buildId} ${added.length} files added\n`);
  log(`deployed build ${buildId} to ${dest}: ${added.length} files added, ${kept} already there, entry files swapped`);
  return { buildId, added, kept };
}

/** Every asset path a manifest names (exposes and shared, js and css, sync and async), plus its entry. */
function namedAssets(manifest) {
  const names = new Set([manifest.metaData.remoteEntry.name]);
  for (const item of [...(manifest.exposes ?? []), ...(manifest.shared ?? [])])
    for (const kind of ['js', 'css'])
      for (const list of [item.assets?.[kind]?.sync ?? [], item.assets?.[kind]?.async ?? []])
        for (const name of list) names.add(name);
  return names;
}

async function atomicCopy(from, to) {
  const temporary = `${to}.deploying-${process.pid}`;
  await copyFile(from, temporary);
  await rename(temporary, to);
}

async function listFiles(dir, base = dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(path, base)));
    else if ((await stat(path)).isFile()) out.push(relative(base, path).split('\\').join('/'));
  }
  return out.sort();
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const [remote, dest] = args.filter((arg) => !arg.startsWith('--'));
  if (!REMOTES.includes(remote) || !dest) {
    console.error(`Usage: npm run deploy:remote -- <${REMOTES.join('|')}> <destination folder> [--no-build]`);
    process.exit(2);
  }
  if (!args.includes('--no-build')) {
    const build = spawnSync('npx', ['turbo', 'run', 'build', `--filter=${remote}`], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  try {
    await deployRemoteBuild(join(REPO_ROOT, remote, 'dist'), resolve(process.env.INIT_CWD ?? process.cwd(), dest), {
      log: console.log,
    });
  } catch (error) {
    console.error(`deploy:remote failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
