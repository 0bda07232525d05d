import { Hono } from 'hono';
import { bucketParam, callerOf, readJsonBody } from '../http.ts';
import type { StorageServices } from '../service/index.ts';
import type { ListOptions } from '../service/objects.ts';

const SORT_COLUMNS: readonly ListOptions['sortColumn'][] = ['name', 'updated_at', 'created_at', 'last_accessed_at'];

/** One folder level of a bucket: { prefix, limit, offset, search, sortBy: { column, order } }. */
export function listRoutes(s: StorageServices, jwtSecret: string): Hono {
  const app = new Hono();
  app.post('/object/list/:bucket/*', async (c) => {
    const caller = await callerOf(c, jwtSecret);
    const body = await readJsonBody(c);
    let prefix = typeof body.prefix === 'string' ? body.prefix : '';
    if (prefix && !prefix.endsWith('/')) prefix += '/';
    const sortBy = (body.sortBy ?? {}) as { column?: string; order?: string };
    const sortColumn = SORT_COLUMNS.find((column) => column === sortBy.column) ?? 'name';
    const entries = await s.objects.list(caller, bucketParam(c), {
      prefix,
      limit: Number(body.limit),
      offset: Number(body.offset),
      search: typeof body.search === 'string' ? body.search.toLowerCase() : '',
      sortColumn,
      descending: sortBy.order?.toLowerCase() === 'desc',
    });
    return c.json(entries);
  });
  return app;
}
