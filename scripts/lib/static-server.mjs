// A small static file server for the built host and remotes, each on its own port (its own origin, as when
// deployed separately). It sends CORS headers (remotes are loaded cross-origin as ES modules), serves the
// unhashed entry files (remoteEntry.js, mf-manifest.json, index.html, config.json) with no-cache and the
// hashed assets as immutable, and can fall back to index.html for a single-page app's deep links.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Files that keep their name from build to build: a browser must always ask for the current one. */
const UNHASHED = /(^|\/)(index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json|config\.json)$/;

/**
 * @param {object} options
 * @param {string} options.root          folder to serve (a dist/)
 * @param {number} options.port          0 for any free port
 * @param {string} [options.host]        interface to bind, default 127.0.0.1
 * @param {boolean} [options.spa]        answer unknown paths without an extension with index.html
 * @param {Record<string, string | (() => string)>} [options.overrides] path -> body served from memory
 *                                        (e.g. { '/config.json': JSON.stringify(config) })
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startStaticServer({ root, port, host = '127.0.0.1', spa = false, overrides = {} }) {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const override = overrides[pathname];
    if (override !== undefined) {
      const body = typeof override === 'function' ? override() : override;
      res.writeHead(200, {
        'Content-Type': TYPES[extname(pathname)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    const file = await resolveFile(base, pathname, spa);
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' }).end('Not found');
      return;
    }
    const relative = file.path
      .slice(base.length + 1)
      .split(sep)
      .join('/');
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file.path)] ?? 'application/octet-stream',
      'Content-Length': file.size,
      'Cache-Control': UNHASHED.test(relative) ? 'no-cache' : 'public, max-age=31536000, immutable',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file.path).pipe(res);
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise((ok) => {
        server.close(() => ok(undefined));
        server.closeAllConnections();
      }),
  };
}

/** The file for a request path inside `base` (never outside it), or index.html for an app route. */
async function resolveFile(base, pathname, spa) {
  const target = normalize(join(base, pathname));
  if (target !== base && !target.startsWith(base + sep)) return null;
  for (const candidate of [target, join(target, 'index.html')]) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return { path: candidate, size: info.size };
  }
  if (spa && !extname(pathname)) {
    const index = join(base, 'index.html');
    const info = await stat(index).catch(() => null);
    if (info?.isFile()) return { path: index, size: info.size };
  }
  return null;
}

/**
 * A server that accepts connections and never answers: what a hung remote looks like to the browser.
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startHangingServer({ port = 0, host = '127.0.0.1' } = {}) {
  const sockets = new Set();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise((ok) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => ok(undefined));
      }),
  };
}
