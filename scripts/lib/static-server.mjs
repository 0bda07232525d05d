// A small static file server for the built host and remotes, each on its own port (its own origin, as when
// deployed separately). It sends CORS headers (remotes are loaded cross-origin as ES modules), serves the
// unhashed files (remoteEntry.js, mf-manifest.json, screen-data.json, index.html, config.json, favicon) with
// no-cache and an ETag and the hashed assets as immutable, answers Accept-Encoding with the brotli or gzip
// copy the build wrote beside each file (packages/federation/src/compressPlugin.ts), sends the security
// headers a photo site needs (a Content-Security-Policy built from the runtime config it serves), and can fall
// back to index.html for a single-page app's deep links. A page it serves beside a runtime config carries that
// config inline (a JSON data block the host reads instead of fetching /config.json,
// host/src/app/runtimeConfig.tsx) and preconnect hints to the backend and remotes, so the first screen waits
// on one request fewer.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { readFile, stat } from 'node:fs/promises';
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
const UNHASHED = /(^|\/)(index\.html|remoteEntry\.js|mf-manifest\.json|mf-stats\.json|screen-data\.json|config\.json)$/;
/**
 * Files whose name carries a content hash (Vite puts every hashed chunk under assets/; the host's federation
 * entry is remoteEntry-<hash>.js at the root): a new build gives them a new name, so they can be kept forever.
 */
const HASHED = /(^assets\/)|[-.](?=[A-Za-z0-9_]*[0-9A-Z])[A-Za-z0-9_]{8,}\.[a-z0-9]+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The precompressed copies the build writes, in the server's order of preference. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
];
const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

/** Headers every response carries, whatever its kind. */
const COMMON_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  // A private group's address stays on this site: other origins learn only where a request came from.
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};
/** Headers of documents (HTML pages) only. */
const DOCUMENT_SECURITY_HEADERS = {
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
};

/** The origin of an http(s) URL, or null for anything else. */
function originOf(url) {
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of a page served beside `config` (the runtime config: backend and remote
 * URLs): scripts only from this origin, the configured remotes and the page's own inline scripts (by hash);
 * data only from this origin, the backend (and its Realtime websocket) and the remotes (their manifests);
 * images also as signed backend URLs, blob: (previews of a photo being posted) and data:; styles inline too, as Emotion injects them.
 * @param {{ supabaseUrl?: unknown, remotes?: unknown, landingImageUrl?: unknown } | null} config
 * @param {string[]} inlineScriptHashes  'sha256-...' sources of the page's inline scripts
 */
export function contentSecurityPolicy(config, inlineScriptHashes = []) {
  const unique = (list) => [...new Set(list.filter(Boolean))];
  const backend = originOf(config?.supabaseUrl);
  // Realtime's websocket on the backend (ws: or wss:, as the page's supabase-js opens it).
  const backendSocket = backend ? backend.replace(/^http/, 'ws') : undefined;
  const remotes =
    config && typeof config.remotes === 'object' && config.remotes !== null
      ? unique(Object.values(config.remotes).map(originOf))
      : [];
  const landing = originOf(config?.landingImageUrl);
  const directives = {
    'default-src': ["'self'"],
    'script-src': unique(["'self'", ...remotes, ...inlineScriptHashes.map((hash) => `'${hash}'`)]),
    'style-src': unique(["'self'", "'unsafe-inline'", ...remotes]),
    'img-src': unique(["'self'", 'data:', 'blob:', backend, landing, ...remotes]),
    'font-src': unique(["'self'", 'data:', ...remotes]),
    // blob: the page's own in-memory objects, nothing beyond the page. Chromium reports a connection to the
    // new-post screen's preview blob when the screen drops a preview whose bytes it refused (no script of ours
    // fetches it: e2e/tests/upload.spec.ts, the text file named .jpg).
    'connect-src': unique(["'self'", 'blob:', backend, backendSocket, ...remotes]),
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** sha256 CSP sources of the inline (src-less) scripts of an HTML page; not its data blocks, which never run. */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]) || /\btype\s*=\s*["']?application\/json/i.test(match[1])) continue;
    hashes.push(`sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}`);
  }
  return hashes;
}

/**
 * The id of the JSON data block carrying the runtime config in a served page; the host reads it
 * (RUNTIME_CONFIG_ELEMENT_ID in host/src/app/runtimeConfig.tsx: the same string).
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'snapshire-runtime-config';

/**
 * `html` with the runtime config inlined at the start of its <head> (insertAtHeadStart), as a JSON data block (type application/json: never
 * executed, so the Content-Security-Policy needs no hash for it), and a preconnect to each origin the first
 * screen will call (the backend, the remotes). `<` is escaped so no value can close the block.
 * @param {string} html
 * @param {object} config  the parsed runtime config
 */
export function injectRuntimeConfig(html, config) {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const backend = originOf(config?.supabaseUrl);
  const remotes = Object.values(config?.remotes ?? {}).map(originOf);
  const attribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  // Scripts and API calls go out as CORS requests (crossorigin); the backend's photos as plain image loads.
  const hints = [...new Set([backend, ...remotes].filter(Boolean))].map(
    (origin) => `<link rel="preconnect" href="${attribute(origin)}" crossorigin>`,
  );
  if (backend) hints.push(`<link rel="preconnect" href="${attribute(backend)}">`);
  const block = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
  return insertAtHeadStart(html, [...hints, block].join(''));
}

/**
 * `html` with `snippet` at the start of its <head>, after the character-set declaration: before every
 * stylesheet, because a classic script waits for the stylesheets above it, and the page's first script
 * (placed there too: host/build/earlyRemotePlugin.ts) must not wait before it sends the first screen's
 * requests. Anything inserted later the same way lands before what was inserted earlier.
 * @param {string} html
 * @param {string} snippet
 */
export function insertAtHeadStart(html, snippet) {
  const charset = /<meta\s+charset=[^>]*>/i.exec(html);
  const head = /<head(\s[^>]*)?>/i.exec(html);
  const at = charset ? charset.index + charset[0].length : head ? head.index + head[0].length : 0;
  return html.slice(0, at) + snippet + html.slice(at);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to answer with: the client's most preferred one (q > 0) among those on offer. */
export function negotiateEncoding(acceptEncoding, available) {
  if (!acceptEncoding) return null;
  const accepted = new Map();
  for (const part of String(acceptEncoding).split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(token, q ? Number(q.slice(2)) : 1);
  }
  let best = null;
  let bestQ = 0;
  for (const name of available) {
    const q = accepted.get(name) ?? accepted.get('*') ?? 0;
    if (q > bestQ) {
      best = name;
      bestQ = q;
    }
  }
  return best;
}

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
  /** The runtime config this server hands out (the /config.json override, else the built file). */
  const readConfig = async () => {
    const override = overrides['/config.json'];
    const text =
      override !== undefined
        ? typeof override === 'function'
          ? override()
          : override
        : await readFile(join(base, 'config.json'), 'utf8').catch(() => null);
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  };
  const server = createServer(async (req, res) => {
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) res.setHeader(name, value);
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
    const type = TYPES[extname(file.path)] ?? 'application/octet-stream';
    const headers = {
      'Content-Type': type,
      'Cache-Control': !UNHASHED.test(relative) && HASHED.test(relative) ? IMMUTABLE : 'no-cache',
    };
    if (type.startsWith('text/html')) {
      const html = await readFile(file.path, 'utf8');
      const config = await readConfig();
      Object.assign(headers, DOCUMENT_SECURITY_HEADERS, {
        // The page's own inline scripts as built: the config block added below is data, not a script.
        'Content-Security-Policy': contentSecurityPolicy(config, inlineScriptHashes(html)),
      });
      if (config) {
        await sendPage(req, res, headers, injectRuntimeConfig(html, config));
        return;
      }
    }
    // The precompressed copy, when the client takes its encoding and the copy is not older than the file.
    let body = { path: file.path, size: file.size };
    if (COMPRESSIBLE_TYPE.test(type)) {
      headers.Vary = 'Accept-Encoding';
      const copies = [];
      for (const encoding of ENCODINGS) {
        const info = await stat(file.path + encoding.suffix).catch(() => null);
        if (info?.isFile() && info.mtimeMs >= file.mtimeMs) copies.push({ ...encoding, size: info.size });
      }
      const chosen = negotiateEncoding(
        req.headers['accept-encoding'],
        copies.map((copy) => copy.name),
      );
      const copy = copies.find((c) => c.name === chosen);
      if (copy) {
        headers['Content-Encoding'] = copy.name;
        body = { path: file.path + copy.suffix, size: copy.size };
      }
    }
    const etag = `W/"${file.size.toString(36)}-${Math.floor(file.mtimeMs).toString(36)}${headers['Content-Encoding'] ? `-${headers['Content-Encoding']}` : ''}"`;
    headers.ETag = etag;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    headers['Content-Length'] = body.size;
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(body.path).pipe(res);
  });
  return listen(server, port, host, () => server.closeAllConnections());
}

/** Compressed copies of pages made at request time (the page carries the config), by content. */
const pageCopies = new Map();
const PAGE_COPIES_KEPT = 32;

/**
 * Sends a page built at request time: compressed by Accept-Encoding (brotli at a quick level, or gzip), with
 * an ETag of its content, so a revalidation costs no body.
 */
async function sendPage(req, res, headers, body) {
  headers.Vary = 'Accept-Encoding';
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  const encoding = negotiateEncoding(
    req.headers['accept-encoding'],
    ENCODINGS.map((e) => e.name),
  );
  if (encoding) headers['Content-Encoding'] = encoding;
  headers.ETag = encoding ? etag.replace(/"$/, `-${encoding}"`) : etag;
  if (req.headers['if-none-match'] === headers.ETag) {
    res.writeHead(304, headers).end();
    return;
  }
  let bytes = Buffer.from(body, 'utf8');
  if (encoding) {
    const key = `${encoding}:${etag}`;
    let copy = pageCopies.get(key);
    if (!copy) {
      copy =
        encoding === 'br'
          ? await brotli(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
          : await gzipAsync(bytes);
      if (pageCopies.size >= PAGE_COPIES_KEPT) pageCopies.delete(pageCopies.keys().next().value);
      pageCopies.set(key, copy);
    }
    bytes = copy;
  }
  headers['Content-Length'] = bytes.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** The file for a request path inside `base` (never outside it), or index.html for an app route. */
async function resolveFile(base, pathname, spa) {
  const target = normalize(join(base, pathname));
  if (target !== base && !target.startsWith(base + sep)) return null;
  for (const candidate of [target, join(target, 'index.html')]) {
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return { path: candidate, size: info.size, mtimeMs: info.mtimeMs };
  }
  if (spa && !extname(pathname)) {
    const index = join(base, 'index.html');
    const info = await stat(index).catch(() => null);
    if (info?.isFile()) return { path: index, size: info.size, mtimeMs: info.mtimeMs };
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
  return listen(server, port, host, () => {
    for (const socket of sockets) socket.destroy();
  });
}

/**
 * Starts `server` on `host`:`port` (0: any free port) and hands back its URL, its port and a close that ends
 * the connections still open (`endConnections`), so closing never waits for a client.
 * @param {import('node:net').Server} server
 * @param {number} port
 * @param {string} host
 * @param {() => void} endConnections
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
async function listen(server, port, host, endConnections) {
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
        endConnections();
      }),
  };
}
