import { describe, expect, it } from 'vitest';
import { parseListener } from './filters.ts';

// hosted Realtime's own examples (the Realtime server's subscriptions.ex,
// parse_subscription_params), and what this server refuses instead of reading as something else.
describe('parseListener', () => {
  const ok = (value: unknown) => ({ ok: true, value });
  const error = (message: string) => ({ ok: false, error: message });

  it('reads schema, table, event and one filter as hosted does', () => {
    expect(parseListener({ schema: 'public', table: 'messages', filter: 'subject=eq.hey' })).toEqual(
      ok({ event: '*', schema: 'public', table: 'messages', filter: { column: 'subject', op: 'eq', value: 'hey' } }),
    );
    expect(parseListener({ schema: 'public', table: 'messages', filter: 'subject=in.(hidee,ho)' })).toEqual(
      ok({
        event: '*',
        schema: 'public',
        table: 'messages',
        filter: { column: 'subject', op: 'in', value: '{hidee,ho}' },
      }),
    );
    expect(parseListener({ event: 'insert', schema: 'public', table: 'messages', filter: '   ' })).toEqual(
      ok({ event: 'INSERT', schema: 'public', table: 'messages', filter: undefined }),
    );
    expect(parseListener({ event: 'TRUNCATE', schema: 'public' })).toEqual(
      ok({ event: '*', schema: 'public', table: '*' }),
    );
    expect(parseListener({ table: 'messages' })).toEqual(ok({ event: '*', schema: 'public', table: 'messages' }));
    expect(parseListener({ schema: 'public', table: 'm', filter: 'name=eq."a \\"quoted\\" value"' })).toEqual(
      ok({ event: '*', schema: 'public', table: 'm', filter: { column: 'name', op: 'eq', value: 'a "quoted" value' } }),
    );
    for (const op of ['neq', 'lt', 'lte', 'gt', 'gte'])
      expect(parseListener({ schema: 'public', table: 't', filter: `n=${op}.5` })).toMatchObject({
        ok: true,
        value: { filter: { column: 'n', op, value: '5' } },
      });
  });

  it("refuses in hosted's words what hosted refuses", () => {
    expect(parseListener({ schema: 'public', table: 'messages', filter: 'subject=foo.hey' })).toEqual(
      error('Error parsing `filter` params: ["foo", "hey"]'),
    );
    expect(parseListener({ schema: 'public', table: 'messages', filter: 'undefined' })).toEqual(
      error('Error parsing `filter` params: ["undefined"]'),
    );
    expect(parseListener({ schema: 'public', table: 'messages', filter: 'subject=in.hidee,ho' })).toMatchObject({
      ok: false,
    });
    expect(parseListener({ schema: 'public', table: 't', filter: 'id=in.1' })).toEqual(
      error('Error parsing `filter` params: `in` filter value must be wrapped by parentheses'),
    );
    expect(parseListener({})).toEqual(
      error('No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: %{}'),
    );
  });

  it('refuses what hosted has and this server does not apply, instead of reading it as something else', () => {
    expect(parseListener({ schema: 'public', table: 't', filter: 'id=gt.0,id=lt.100' })).toEqual(
      error(
        'Error parsing `filter` params: filters joined by commas are not supported by this server: subscribe with one filter',
      ),
    );
    expect(parseListener({ schema: 'public', table: 't', filter: 'subject=not.eq.hey' })).toEqual(
      error('Error parsing `filter` params: `not.` is not supported by this server'),
    );
    expect(parseListener({ schema: 'public', table: 't', filter: 'subject=like.hey%' })).toMatchObject({
      ok: false,
      error: expect.stringContaining('`like` operator is not supported'),
    });
  });
});
