// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { system } from '../src/theme/system.ts';
import { globalCssOf } from './globalCss.ts';
import { DEV_STYLESHEET_PATH, globalCssPlugin, stylesheetFileName } from './globalCssPlugin.ts';

const css = globalCssOf(system);

describe('the stylesheet written from the system', () => {
  test('declares the layer order before any rule, as the provider would have', () => {
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
  });

  test("holds the reset (Chakra's preflight)", () => {
    expect(css).toContain('@layer reset{');
    expect(css).toContain('*,*::before,*::after,*::backdrop{box-sizing:border-box;');
  });

  test("holds every one of the system's tokens as a CSS variable, the brand ones included", () => {
    // (Emotion drops a declaration whose value is empty, as `blurs.none` is, at run time as here.)
    const variables = [...system.tokens.cssVarMap.values()].flatMap((vars) =>
      [...vars].filter(([, value]) => String(value).trim() !== '').map(([name]) => name),
    );
    expect(variables.length).toBeGreaterThan(300);
    const missing = variables.filter((name) => !css.includes(`${name}:`));
    expect(missing).toEqual([]);
    expect(css).toContain('--chakra-colors-brand-700:#0b7545;');
  });

  test('gives the semantic tokens their dark values under the class next-themes puts on <html>', () => {
    // Chakra's `dark` condition (`.dark &, .dark .chakra-theme:not(.light) &`) on the tokens' root.
    const dark = /\.dark,\.dark \.chakra-theme:not\(\.light\)\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(dark).toContain('--chakra-colors-brand-solid:var(--chakra-colors-brand-400);');
    expect(dark).toContain('--chakra-colors-bg:var(--chakra-colors-black);');
  });

  test("holds the system's globalCss and keyframes", () => {
    expect(css).toMatch(/html\{[^}]*scroll-padding-top:5rem;/);
    expect(css).toContain('@keyframes landingFloat');
    expect(css).toContain('@keyframes spin');
  });

  test("is the light system's: palettes the product does not use are not there", () => {
    expect(css).toContain('--chakra-colors-red-500:');
    expect(css).not.toContain('--chakra-colors-purple-500:');
    expect(css).not.toContain('--chakra-colors-teal-500:');
  });
});

describe('the plugin', () => {
  test('names the file by its content, so a changed system is a new URL', () => {
    expect(stylesheetFileName(css)).toMatch(/^assets\/chakra-global-[0-9a-f]{10}\.css$/);
    expect(stylesheetFileName(`${css} `)).not.toBe(stylesheetFileName(css));
  });

  test("links it from the page's head: under the base when absolute, relative to the page when relative", () => {
    const linkFor = (command: 'build' | 'serve', base: string) => {
      const plugin = globalCssPlugin();
      const configResolved = plugin.configResolved as (config: { command: string; base: string }) => void;
      configResolved({ command, base });
      const hook = plugin.transformIndexHtml as unknown as {
        handler: () => { attrs: { href: string }; injectTo: string }[];
      };
      const [tag] = hook.handler();
      return `${tag!.injectTo} ${tag!.attrs.href}`;
    };
    const file = stylesheetFileName(css);
    expect(linkFor('build', '/')).toBe(`head /${file}`);
    expect(linkFor('build', './')).toBe(`head ./${file}`);
    expect(linkFor('serve', '/')).toBe(`head ${DEV_STYLESHEET_PATH}`);
  });
});
