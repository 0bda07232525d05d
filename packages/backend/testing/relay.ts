/**
 * A recording relay in front of a backend, to cause a fault on a real network path instead of mocking a client:
 * it passes every request on and every answer back and records each request as it arrives; on the test's word
 * it drops every connection (down, until up: the client's fetch fails), or holds a request that matches, before
 * the backend sees it or after the backend answered it and before the client hears the answer (hold, until
 * release: the caller stands exactly there while the test kills the backend). The component tests put one
 * between a screen and its backend (componentBackend.ts), the upload crash test between handle-post-create and
 * the backend's API (test/reliability/upload-kill.test.ts).
 *
 * It uses only node:http, which jsdom leaves alone.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as it reached the relay. */
export interface RelayedRequest {
  method: string;
  /** Its URL on the relay (what the client asked for). */
  url: URL;
  /** Its body as sent. */
  bytes: Buffer;
  /** Its body as text ('' when there is none). */
  readonly body: string;
}

/** A request to hold: its method and path, and whether to hold it before the backend sees it or its answer. */
export interface HoldAt {
  method: string;
  path: RegExp;
  phase: 'request' | 'answer';
}

/** A request held, and for phase 'answer' the backend's answer to it. */
export interface HeldRequest {
  request: RelayedRequest;
  answer?: { status: number; body: Buffer };
}

export interface Relay {
  /** Base URL to give the client instead of the backend's. */
  url: string;
  /** The backend's URL requests go on to; a test that restarts the backend sets it again (its port changes). */
  target: string;
  /** Every request that reached the relay, in order (dropped and held ones too). */
  requests: RelayedRequest[];
  /** Drops every connection (the client's fetch fails) until up() is called. */
  down(): void;
  up(): void;
  /**
   * Arms a hold: resolves with the first request from now on that matches `at`, once it is held, or rejects after
   * `timeoutMs` with the requests the relay saw meanwhile (the point was never reached). Several holds may be
   * armed, each takes one request.
   */
  hold(at: HoldAt, timeoutMs: number): Promise<HeldRequest>;
  /** Drops what is held (each connection closed unanswered) and disarms every hold. */
  release(): void;
  stop(): Promise<void>;
}

/** Headers that belong to one connection, not to the request or answer passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host']);

function passedOn(headers: IncomingMessage['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/** `METHOD /path?query`, as a hold's timeout lists what the relay saw. */
export function requestLine(r: RelayedRequest): string {
  return `${r.method} ${r.url.pathname}${r.url.search}`;
}

export async function startRelay(target = ''): Promise<Relay> {
  let state: 'up' | 'down' = 'up';
  const armed: { at: HoldAt; reached: (held: HeldRequest) => void }[] = [];
  /** The connections of the requests held, answered by nobody until release(). */
  const heldConnections: ServerResponse[] = [];

  /** The first armed hold this request matches in this phase, taken (each holds one request). */
  const take = (phase: HoldAt['phase'], r: RelayedRequest) => {
    const index = armed.findIndex(
      ({ at }) => at.phase === phase && at.method === r.method && at.path.test(r.url.pathname),
    );
    return index < 0 ? undefined : armed.splice(index, 1)[0];
  };

  async function passOn(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const bytes = await readAll(req);
    const relayed: RelayedRequest = {
      method: req.method ?? 'GET',
      url: new URL(req.url ?? '/', relay.url),
      bytes,
      get body() {
        return bytes.toString();
      },
    };
    relay.requests.push(relayed);
    if (state === 'down') {
      req.socket.destroy();
      return;
    }
    const atRequest = take('request', relayed);
    if (atRequest) {
      heldConnections.push(res);
      atRequest.reached({ request: relayed });
      return;
    }
    // A fresh connection per request: none is kept to a backend that has been killed.
    const upstream = request(new URL(req.url ?? '/', relay.target), {
      method: relayed.method,
      headers: passedOn(req.headers),
      agent: false,
    });
    upstream.on('error', () => res.destroy());
    upstream.on('response', (answer) => {
      void readAll(answer).then(
        (answerBody) => {
          const atAnswer = take('answer', relayed);
          if (atAnswer) {
            heldConnections.push(res);
            atAnswer.reached({ request: relayed, answer: { status: answer.statusCode ?? 0, body: answerBody } });
            return;
          }
          // Each answer closes its connection: a caller never reuses one, so a caller whose thread was busy
          // past the relay's idle limit cannot write into a connection the relay has just closed (the 500s with
          // `write EPIPE` of upload-kill's 16 uploads on a loaded machine); keeping connections is the
          // backend's own concern, tested in test/reliability/keep-alive.test.ts.
          res.writeHead(answer.statusCode ?? 502, { ...passedOn(answer.headers), connection: 'close' });
          res.end(answerBody);
        },
        () => res.destroy(),
      );
    });
    upstream.end(bytes);
  }

  const server = createServer((req, res) => void passOn(req, res).catch(() => res.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const relay: Relay = {
    url: `http://127.0.0.1:${port}`,
    target,
    requests: [],
    down: () => void (state = 'down'),
    up: () => void (state = 'up'),
    hold(at, timeoutMs) {
      const from = relay.requests.length;
      return new Promise<HeldRequest>((resolve, reject) => {
        const hold = {
          at,
          reached: (held: HeldRequest) => {
            clearTimeout(timer);
            resolve(held);
          },
        };
        const timer = setTimeout(() => {
          armed.splice(armed.indexOf(hold), 1);
          const seen = relay.requests.slice(from).map(requestLine).join('\n');
          reject(
            new Error(`no ${at.method} ${at.path} held (${at.phase}) within ${timeoutMs} ms; the relay saw:\n${seen}`),
          );
        }, timeoutMs);
        armed.push(hold);
      });
    },
    release() {
      armed.length = 0;
      for (const res of heldConnections.splice(0)) res.destroy();
    },
    stop() {
      relay.release();
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
  return relay;
}
