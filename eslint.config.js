// One flat config for every workspace. Besides the usual TypeScript and React hooks rules it enforces the
// boundaries of ARCHITECTURE.md with no-restricted-imports, one block per room of the repository.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const APPS = ['host', 'remote-browse', 'remote-auth', 'remote-upload'];
const REMOTE_FEDERATION_IDS = {
  'remote-browse': 'remote_browse',
  'remote-auth': 'remote_auth',
  'remote-upload': 'remote_upload',
};

/** A specifier that reaches into an app: its package name, or a relative/absolute path through its folder. */
const appImport = (app) => ({
  regex: `^(${app}(/.*)?|(.*/)?${app}/.*)$`,
  message: `Never import from ${app}/: apps meet only through federation ids and packages/.`,
});
const federationId = (id) => ({
  regex: `^${id}/`,
  message: 'A remote never imports another remote; only the host loads remotes, at run time (loadRemote).',
});
const packageImport = (name, why) => ({ regex: `^${name.replace('/', '\\/')}(/.*)?$`, message: why });

const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** Browser globals contracts must not touch (it runs in the browser, on Node and on Deno alike). */
const BROWSER_GLOBALS = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'location',
  'HTMLElement',
];

const forPackages = [...APPS.map(appImport), ...Object.values(REMOTE_FEDERATION_IDS).map(federationId)];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.turbo/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.data/**',
      '**/operations.generated.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  // --- boundaries -------------------------------------------------------------------------------------------
  ...Object.keys(REMOTE_FEDERATION_IDS).map((remote) => ({
    files: [`${remote}/**/*.{ts,tsx,js,mjs}`],
    rules: restrict(
      ...APPS.filter((app) => app !== remote).map(appImport),
      ...Object.entries(REMOTE_FEDERATION_IDS)
        .filter(([app]) => app !== remote)
        .map(([, id]) => federationId(id)),
    ),
  })),
  {
    files: ['host/**/*.{ts,tsx,js,mjs}'],
    rules: restrict(
      ...APPS.filter((app) => app !== 'host').map(appImport),
      ...Object.values(REMOTE_FEDERATION_IDS).map((id) => ({
        regex: `^${id}/`,
        message: 'Load remotes through RemoteSlot (loadRemote at run time), never with a static import.',
      })),
    ),
  },
  {
    files: ['packages/**/*.{ts,tsx,js,mjs}'],
    rules: restrict(...forPackages),
  },
  {
    files: ['packages/contracts/**/*.{ts,tsx}'],
    rules: {
      ...restrict(
        ...forPackages,
        packageImport('react', 'contracts is pure TypeScript: no React.'),
        packageImport('react-dom', 'contracts is pure TypeScript: no React.'),
        { regex: '^@snapshire/', message: 'contracts depends on no other workspace.' },
        { regex: '^@(chakra-ui|emotion|apollo|supabase)/', message: 'contracts holds facts, not clients or UI.' },
      ),
      'no-restricted-globals': ['error', ...BROWSER_GLOBALS],
    },
  },
  {
    files: ['packages/backend/**/*.{ts,tsx,js,mjs}'],
    rules: restrict(
      ...forPackages,
      packageImport('react', 'The backend imports no frontend code.'),
      packageImport('react-dom', 'The backend imports no frontend code.'),
      { regex: '^@snapshire/(?!contracts$)', message: 'The backend imports no frontend package except contracts.' },
      { regex: '^@(chakra-ui|emotion|apollo)/', message: 'The backend imports no frontend code.' },
    ),
  },
  // Tests and tooling may use whatever they need from their own workspace.
  {
    files: ['e2e/**/*.ts', 'scripts/**/*.mjs'],
    // Playwright fixtures take `{}` when they need no other fixture, and call their continuation `use`.
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  prettier,
);
