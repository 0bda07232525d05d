/**
 * A relay between an edge function and the backend's API (the SUPABASE_URL the function is given): it passes
 * every request on and every answer back, and, when armed, holds the first request that matches, before the
 * backend sees it or after the backend answered it and before the function hears the answer. A test then
 * knows the upload stands exactly there (its storage write or post_create not yet done, or done and not yet
 * answered) while it kills the backend.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepIdleConnections } from '../../src/http/keepAlive.ts';

/** A request to hold: its method and path, and whether to hold it before the backend sees it or its answer. */
export interface HoldAt {
  method: string;
  path: RegExp;
  phase: 'request' | 'answer';
}

/** What the relay holds: the request and, for phase 'answer', the backend's answer. */
export interface Held {
  method: string;
  path: string;
  body: Buffer;
  answer?: { status: number; body: Buffer };
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

export interface ApiRelay {
  /** Where the function is pointed (http://127.0.0.1:<port>). */
  url: string;
  /** The backend's URL requests go on to; set after each start (its port changes). */
  target: string;
  /** Every request passed on or held, as `METHOD path`, in order. */
  seen: string[];
  /**
   * Arms the relay: resolves with the first request matching `at` once it is held, or rejects after
   * `timeoutMs` with what the relay saw meanwhile (the point was never reached).
   */
  hold(at: HoldAt, timeoutMs: number): Promise<Held>;
  /** Drops what is held (the connection to the function is closed unanswered) and disarms. */
  release(): void;
  close(): Promise<void>;
}

export async function startApiRelay(): Promise<ApiRelay> {
  let armed: { at: HoldAt; reached: (held: Held) => void } | undefined;
  let heldResponse: ServerResponse | undefined;

  /** The armed hold, taken (so it holds one request), when this request matches it in this phase. */
  const take = (phase: HoldAt['phase'], method: string, path: string) => {
    if (!armed || armed.at.phase !== phase || armed.at.method !== method || !armed.at.path.test(path)) return;
    const hold = armed;
    armed = undefined;
    return hold;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      const body = await readAll(req);
      relay.seen.push(`${method} ${path}`);
      const atRequest = take('request', method, path);
      if (atRequest) {
        heldResponse = res;
        atRequest.reached({ method, path, body });
        return;
      }
      const target = new URL(path, relay.target);
      // A fresh connection per request: none is kept to a backend that has been killed.
      const upstream = request(target, { method, headers: passedOn(req.headers), agent: false });
      upstream.on('error', () => res.destroy());
      upstream.on('response', (answer) => {
        void readAll(answer).then(
          (answerBody) => {
            const atAnswer = take('answer', method, path);
            if (atAnswer) {
              heldResponse = res;
              atAnswer.reached({ method, path, body, answer: { status: answer.statusCode ?? 0, body: answerBody } });
              return;
            }
            res.writeHead(answer.statusCode ?? 502, passedOn(answer.headers));
            res.end(answerBody);
          },
          () => res.destroy(),
        );
      });
      upstream.end(body);
    })().catch(() => res.destroy());
  });
  // Idle connections kept as long as the backend's own server keeps them: a function that decodes a photo
  // between two calls sends its next one on the connection it kept, and a relay that had closed it meanwhile
  // would fail that upload where the backend alone would not.
  keepIdleConnections(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const relay: ApiRelay = {
    url: `http://127.0.0.1:${port}`,
    target: '',
    seen: [],
    hold(at, timeoutMs) {
      if (armed) throw new Error('the relay is already armed');
      const from = relay.seen.length;
      return new Promise<Held>((resolve, reject) => {
        const timer = setTimeout(() => {
          armed = undefined;
          reject(
            new Error(
              `no ${at.method} ${at.path} held (${at.phase}) within ${timeoutMs} ms; the relay saw:\n` +
                relay.seen.slice(from).join('\n'),
            ),
          );
        }, timeoutMs);
        armed = {
          at,
          reached: (held) => {
            clearTimeout(timer);
            resolve(held);
          },
        };
      });
    },
    release() {
      armed = undefined;
      heldResponse?.destroy();
      heldResponse = undefined;
    },
    close() {
      relay.release();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
  return relay;
}
