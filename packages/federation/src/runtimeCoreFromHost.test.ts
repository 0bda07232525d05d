import { describe, expect, it } from 'vitest';
import { RUNTIME_CORE, runtimeCoreShim } from './runtimeCoreFromHost.ts';

/** Evaluates the shim as a module would, with `globalThis` and the fallback import stubbed. */
async function evaluate(code: string, global: Record<string, unknown>, own: Record<string, unknown>) {
  const body = code
    .replace('globalThis._FEDERATION_RUNTIME_CORE', 'scope._FEDERATION_RUNTIME_CORE')
    .replace(`import(${JSON.stringify(RUNTIME_CORE)})`, 'ownCopy()')
    .replace(/^export const (\w+) = (.*);$/gm, 'exported.$1 = $2;');
  const exported: Record<string, unknown> = {};
  let imported = 0;
  const ownCopy = async () => {
    imported += 1;
    return own;
  };
  await new Function('scope', 'ownCopy', 'exported', `return (async () => { ${body} })();`)(global, ownCopy, exported);
  return { exported, imported };
}

describe('the runtime-core shim', () => {
  const names = ['ModuleFederation', 'Global', 'default', 'not-an-identifier'];
  const code = runtimeCoreShim(names);

  it('re-exports each named export, never default or a name that is not an identifier', () => {
    expect(code.match(/^export const \w+/gm)).toEqual(['export const ModuleFederation', 'export const Global']);
  });

  it("uses the host's runtime when the page has one, without importing its own", async () => {
    const hostCore = { ModuleFederation: class Host {}, Global: { from: 'host' } };
    const { exported, imported } = await evaluate(code, { _FEDERATION_RUNTIME_CORE: hostCore }, {});
    expect(exported.ModuleFederation).toBe(hostCore.ModuleFederation);
    expect(exported.Global).toBe(hostCore.Global);
    expect(imported).toBe(0);
  });

  it('imports its own copy when the page has none (an earlier host, the standalone page)', async () => {
    const ownCore = { ModuleFederation: class Own {}, Global: { from: 'own' } };
    const { exported, imported } = await evaluate(code, {}, ownCore);
    expect(exported.ModuleFederation).toBe(ownCore.ModuleFederation);
    expect(imported).toBe(1);
  });
});
