/**
 * Counters for the singleton checks (e2e): how many copies of this package were evaluated on the page and
 * how many Apollo clients and caches they made. Federation must keep each at one. Counts only, no references.
 */
export interface DataDiagnostics {
  instances: number;
  apolloClients: number;
  caches: number;
  supabaseClients: number;
}

export const DIAGNOSTICS_KEY = Symbol.for('snapshire.data');

type Holder = { [DIAGNOSTICS_KEY]?: DataDiagnostics };

export function diagnostics(): DataDiagnostics {
  const holder = globalThis as Holder;
  holder[DIAGNOSTICS_KEY] ??= { instances: 0, apolloClients: 0, caches: 0, supabaseClients: 0 };
  return holder[DIAGNOSTICS_KEY];
}
