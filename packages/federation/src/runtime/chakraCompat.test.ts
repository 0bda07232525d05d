import { describe, expect, it } from 'vitest';
import { CHAKRA_CORE as BUILD_CORE } from '../chakraCore.ts';
import { CHAKRA_CORE, WHOLE_CHAKRA, coreFromWholeChakra, provideWholeChakra } from './chakraCompat.ts';

describe('Chakra split compatibility', () => {
  it('names the same core as the build', () => {
    expect(CHAKRA_CORE).toBe(BUILD_CORE);
  });

  it("a remote on an earlier host takes the core from the host's whole Chakra, already loading", async () => {
    const module = { chakra: 'factory', ChakraProvider: 'provider' };
    let gets = 0;
    const get = async () => {
      gets += 1;
      return () => () => module;
    };
    const whole = { '3.37.0': { from: 'host', get } };
    const args = { shareScope: { [WHOLE_CHAKRA]: whole } as Record<string, Record<string, unknown> | undefined> };
    coreFromWholeChakra().initContainerShareScopeMap!(args);
    const core = args.shareScope[CHAKRA_CORE]!['3.37.0'] as {
      from: string;
      loading: Promise<() => unknown>;
      get: () => Promise<() => unknown>;
    };
    expect(core.from).toBe('host');
    // Loading before anything asks: the remote's init fills its module cache only from a loading entry.
    expect(gets).toBe(1);
    expect((await core.loading)()).toBe(module);
    expect((await core.get())()).toBe(module);
    expect(gets).toBe(1);
  });

  it('a remote on a host that provides the core leaves the scope alone', () => {
    const core = { '3.37.0': { from: 'host' } };
    const args = { shareScope: { [WHOLE_CHAKRA]: {}, [CHAKRA_CORE]: core } };
    coreFromWholeChakra().initContainerShareScopeMap!(args);
    expect(args.shareScope[CHAKRA_CORE]).toBe(core);
  });

  it('the host provides the whole package under its old key, loaded only when asked for', async () => {
    let loads = 0;
    const module = { Button: 'button' };
    const plugin = provideWholeChakra('3.37.0', async () => {
      loads += 1;
      return module;
    });
    const result = plugin.beforeInit!({ userOptions: { shared: { react: {} } as Record<string, unknown> } });
    const entry = result.userOptions.shared![WHOLE_CHAKRA] as {
      version: string;
      shareConfig: { singleton: boolean; requiredVersion: string };
      get: () => Promise<() => unknown>;
    };
    expect(result.userOptions.shared!.react).toEqual({});
    expect(entry).toMatchObject({ version: '3.37.0', shareConfig: { singleton: true, requiredVersion: '^3.37.0' } });
    expect(loads).toBe(0);
    expect((await entry.get())()).toBe(module);
    expect(loads).toBe(1);
  });
});
