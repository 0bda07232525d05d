/**
 * Guards patches/rolldown+1.2.19.patch (see patches/README.md): each `this.resolve` call of a build keeps its
 * own options while other calls start and finish around it. Without the patch rolldown numbered a call's saved
 * options by the number of calls in flight, so a call that started after an earlier one finished took a number
 * still in use and its options replaced a pending call's: @module-federation/vite then read its own
 * "entry lookup" flag on our resolution of Chakra's shared core and answered with the package's file instead
 * of the shared proxy (chakraCore.ts).
 */
import { build, type Plugin } from 'vite';
import { expect, it } from 'vitest';

const ENTRY = 'virtual:resolve-options-entry';

it('gives every overlapping this.resolve call its own options, not those of a call that started later', async () => {
  const seen: Record<string, unknown> = {};
  let releaseHeld!: () => void;
  const held = new Promise<void>((release) => (releaseHeld = release));
  const tagged = (tag: string) => ({ custom: { 'resolve-options-test': { tag } } });

  const caller: Plugin = {
    name: 'caller',
    enforce: 'pre',
    async buildStart() {
      const first = this.resolve('probe-first', undefined, tagged('first'));
      const held = this.resolve('probe-held', undefined, tagged('held'));
      await first;
      // Starts while 'held' is in flight and after 'first' has finished.
      await this.resolve('probe-later', undefined, tagged('later'));
      releaseHeld();
      await held;
    },
    resolveId: (source) => (source === ENTRY ? `\0${ENTRY}` : null),
    load: (id) => (id === `\0${ENTRY}` ? 'export {};' : null),
  };
  // Holds 'probe-held' until 'probe-later' has come and gone; the observer reads its options after that.
  const holder: Plugin = {
    name: 'holder',
    enforce: 'pre',
    async resolveId(source) {
      if (source === 'probe-held') await held;
      return null;
    },
  };
  const observer: Plugin = {
    name: 'observer',
    enforce: 'pre',
    resolveId(source, _importer, options) {
      if (!source.startsWith('probe-')) return null;
      seen[source] = (options.custom?.['resolve-options-test'] as { tag?: string } | undefined)?.tag;
      return { id: source, external: true };
    },
  };

  await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [caller, holder, observer],
    build: { write: false, rolldownOptions: { input: ENTRY } },
  });

  expect(seen).toEqual({ 'probe-first': 'first', 'probe-later': 'later', 'probe-held': 'held' });
});
