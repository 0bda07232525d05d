import type { Context } from 'hono';

/** The request body as a JSON object ({} when empty); undefined when it is anything else. */
export async function jsonObjectBody(c: Context): Promise<Record<string, unknown> | undefined> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  return undefined;
}
