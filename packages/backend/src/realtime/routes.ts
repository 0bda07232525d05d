import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { BackendContext } from '../context.ts';
import { apiKeyRefusal } from '../http/caller.ts';
import { RealtimeConnection } from './connection.ts';
import { RealtimeGate } from './gate.ts';
import type { RealtimeLimits } from './limits.ts';
import { VSNS, type Vsn } from './protocol.ts';
import { startRealtimeService } from './service.ts';

/** Where supabase-js connects: `${supabaseUrl}/realtime/v1` + Phoenix's `/websocket`. */
export const REALTIME_WEBSOCKET_PATH = '/realtime/v1/websocket';

export interface RealtimeServer {
  /** Closes every socket, stops listening for changes; resolves when nothing of it is left running. */
  close(): Promise<void>;
}

/** Answers an upgrade request with a plain HTTP error (hosted's handle_error: JSON {error}; Kong's: {message, hint}). */
function refuseUpgrade(socket: Duplex, status: number, body: unknown): void {
  if (socket.destroyed) return;
  const text = JSON.stringify(body);
  const reason = {
    400: 'Bad Request',
    401: 'Unauthorized',
    404: 'Not Found',
    429: 'Too Many Requests',
    503: 'Service Unavailable',
  }[status];
  socket.end(
    `HTTP/1.1 ${status} ${reason ?? ''}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
      `Connection: close\r\n\r\n${text}`,
  );
}

/**
 * Serves GET /realtime/v1/websocket on the backend's own HTTP server: the API key check every API has, then
 * the websocket (Phoenix vsn 1.0.0 or 2.0.0, as the `vsn` parameter says), within the limits.
 */
export async function attachRealtime(
  server: Server,
  ctx: BackendContext,
  limits: RealtimeLimits,
): Promise<RealtimeServer> {
  const service = await startRealtimeService(ctx, limits);
  const gate = new RealtimeGate(limits);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxFrameBytes,
    perMessageDeflate: false,
    clientTracking: false,
  });
  const connections = new Set<RealtimeConnection>();
  /** Upgrade requests still being checked: ended too if the backend stops meanwhile. */
  const upgrading = new Set<Duplex>();
  let closing = false;

  const onUpgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> => {
    socket.on('error', () => undefined);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.replace(/\/$/, '') !== REALTIME_WEBSOCKET_PATH || closing)
      return refuseUpgrade(socket, closing ? 503 : 404, { message: 'no Route matched with those values' });
    upgrading.add(socket);
    try {
      const header = req.headers.apikey;
      const apiKey = url.searchParams.get('apikey') ?? (Array.isArray(header) ? header[0] : header);
      const refusal = await apiKeyRefusal(apiKey, ctx.config.jwtSecret);
      if (refusal) return refuseUpgrade(socket, 401, refusal);
      const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn;
      if (!VSNS.includes(vsn))
        return refuseUpgrade(socket, 400, {
          error: `Unsupported serializer version ${vsn}: 1.0.0 and 2.0.0 are served`,
        });
      if (closing || socket.destroyed)
        return refuseUpgrade(socket, 503, { error: 'Realtime is restarting, please standby' });
      const ip = req.socket.remoteAddress ?? '';
      const admitted = gate.admit(ip);
      if (admitted !== 'ok') return refuseUpgrade(socket, 429, { error: 'Too many connected users' });
      wss.handleUpgrade(req, socket, head, (ws) => {
        const connection = new RealtimeConnection(ws, vsn, apiKey!, ip, {
          service,
          gate,
          limits,
          log: ctx.log,
          onGone: (c) => connections.delete(c),
        });
        connections.add(connection);
        if (closing) connection.terminate();
      });
    } finally {
      upgrading.delete(socket);
    }
  };
  const listener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void onUpgrade(req, socket, head).catch((err: Error) => {
      ctx.log(`realtime: an upgrade failed: ${err.message}`);
      socket.destroy();
    });
  };
  server.on('upgrade', listener);

  // Phoenix's timeout: a socket that sends nothing (not even the heartbeat realtime-js sends every 25 s) is
  // dead or not a client; it is dropped without waiting for a closing handshake it would not answer.
  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const connection of connections)
        if (now - connection.lastSeen > limits.idleTimeoutMs) connection.terminate();
      gate.sweep(now);
    },
    Math.min(5_000, Math.max(100, limits.idleTimeoutMs / 4)),
  );
  sweeper.unref();

  return {
    async close() {
      closing = true;
      server.off('upgrade', listener);
      clearInterval(sweeper);
      for (const socket of upgrading) socket.destroy();
      // Terminated, not closed: a client that does not answer the closing handshake must not hold up the stop.
      // realtime-js reconnects by itself once the backend is back.
      for (const connection of [...connections]) connection.terminate();
      await service.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
