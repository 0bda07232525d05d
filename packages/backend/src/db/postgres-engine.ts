import pg from 'pg';
import { createPool, quoteChannel, type Engine } from './engine.ts';

/**
 * A real PostgreSQL at `url`: it runs as many transactions at once as the pool has connections, and enforces
 * statement_timeout itself.
 */
export function openPostgresEngine(url: string, maxConnections: number, log: (message: string) => void): Engine {
  const pool = createPool(url, maxConnections, () => false);
  return {
    kind: 'postgres',
    url,
    pool,
    slots: maxConnections,
    generation: 0,
    restarting: undefined,
    watchStatements: () => undefined,
    listen: (channel, onNotification, onGap) => listenOnPostgres(url, channel, onNotification, onGap, log),
    dump: () => Promise.reject(new Error('dumpDataDir is only available on PGlite')),
    fence() {
      void pool.end().catch(() => undefined);
    },
    async close() {
      await pool.end().catch(() => undefined);
    },
  };
}

/** Between two attempts to make the listening connection again. */
const LISTEN_RETRY_MS = { first: 100, max: 5_000 };

/**
 * PostgreSQL delivers notifications to the session that listens: a connection of its own, outside the pool,
 * made again (and the gap reported) whenever it breaks.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotification: (payload: string) => void,
  onGap: (() => void) | undefined,
  log: (message: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MS.first;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: `snapshire-backend-listen-${process.pid}` });
    next.on('notification', (msg) => {
      if (msg.channel === channel) onNotification(msg.payload ?? '');
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = undefined;
      schedule();
    });
    try {
      await next.connect();
      await next.query(`listen ${quoteChannel(channel)}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      throw err;
    }
    client = next;
    if (stopped) await next.end().catch(() => undefined);
  };
  const schedule = (): void => {
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => {
          delay = LISTEN_RETRY_MS.first;
          log(`listening for ${channel} again`);
          onGap?.();
        },
        () => {
          delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
          if (!stopped) schedule();
        },
      );
    }, delay);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    await last?.end().catch(() => undefined);
  };
}
