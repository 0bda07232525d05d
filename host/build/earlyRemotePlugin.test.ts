import { describe, expect, it } from 'vitest';
import { injectRuntimeConfig } from '../../scripts/lib/static-server.mjs';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../src/app/runtimeConfigElement.ts';
import { withEarlyRemoteScript } from './earlyRemotePlugin.ts';

describe('withEarlyRemoteScript', () => {
  it("puts the first script first in the page's <head>, under the site's config block, above every stylesheet (which would hold it back)", () => {
    const built = withEarlyRemoteScript(
      '<html><head><meta charset="UTF-8" /><title>x</title><link rel="stylesheet" href="/a.css"></head><body></body></html>',
      'EARLY()',
    );
    const served = injectRuntimeConfig(built, { supabaseUrl: 'http://127.0.0.1:54321', remotes: {} });
    const at = [
      '<meta charset',
      `id="${RUNTIME_CONFIG_ELEMENT_ID}"`,
      '<script>EARLY()</script>',
      'rel="stylesheet"',
    ].map((part) => served.indexOf(part));
    expect(at.every((position, i) => position >= 0 && (i === 0 || position > at[i - 1]!))).toBe(true);
  });
});
