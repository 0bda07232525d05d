// One flat config for every workspace: the usual TypeScript and React hooks rules, and the boundaries of the
// README ("Layout") judged on RESOLVED paths by eslint-plugin-import-x, so an import crosses a boundary whatever
// its form: a relative path, a package name, a federation id, a dynamic import(). lint-rules/ lints one fixture
// per forbidden import with this config and expects each to be reported, so every rule below is tested.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { shellComponentNames } from './lint-rules/shellComponents.mjs';

const ROOT = import.meta.dirname;
const at = (...parts) => join(ROOT, ...parts);
const foldersIn = (dir) =>
  readdirSync(at(dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// --- the rooms ------------------------------------------------------------------------------------------------
const REMOTES = foldersIn('.').filter((name) => name.startsWith('remote-') && existsSync(at(name, 'package.json')));
const APPS = ['host', ...REMOTES];
/** Workspaces the browser runs; the backend may import none of them (contracts is shared by both sides). */
const FRONTEND_PACKAGES = [
  'packages/data',
  'packages/ui',
  'packages/shell-components',
  'packages/federation',
  'packages/standalone',
];
const FUNCTIONS = 'supabase/functions';
/** Code the edge functions share (Supabase's convention: a folder the CLI does not deploy as a function). */
const FUNCTIONS_SHARED = `${FUNCTIONS}/_shared`;
/** The one module through which edge functions reach the platform (the caller, the clients, GraphQL). */
const PLATFORM_MODULE = `${FUNCTIONS_SHARED}/platform.ts`;
const PLATFORM_MESSAGE =
  'Edge functions reach auth, REST, storage and GraphQL only through supabase/functions/_shared/platform.ts ' +
  '(requestPlatform: the caller verified once per request, their client, the service client, GraphQL).';
const EDGE_FUNCTIONS = foldersIn(FUNCTIONS)
  .filter((name) => !name.startsWith('_'))
  .map((name) => `${FUNCTIONS}/${name}`);
/** Where the page's one Supabase client and one Apollo Client + cache are made. */
const DATA = 'packages/data';

const TESTS = ['**/*.test.{ts,tsx,mjs}', '**/test/**', '**/testing/**'];
const CODE = '**/*.{ts,tsx,js,mjs}';
const inRooms = (...rooms) => rooms.map((room) => `${room}/${CODE}`);

// --- resolution ---------------------------------------------------------------------------------------------
/**
 * A federation id (remote_auth/AuthScreen) resolves to that remote's source folder, so importing one is judged
 * exactly like importing the remote's files by path. (At run time only the host loads remotes, via loadRemote.)
 */
const federationIdResolver = {
  interfaceVersion: 3,
  name: 'snapshire-federation-ids',
  resolve(modulePath) {
    const match = /^(remote_[a-z0-9_]+)(?:\/(.*))?$/.exec(modulePath);
    const folder = match?.[1].replaceAll('_', '-');
    if (!folder || !REMOTES.includes(folder)) return { found: false };
    return { found: true, path: at(folder, 'src', match[2] ?? '') };
  },
};
/** Node's resolution with TypeScript sources; workspace packages resolve through their symlinks to packages/. */
const nodeResolver = createNodeResolver({
  extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
  conditionNames: ['import', 'default'],
});

// --- boundaries on resolved paths ---------------------------------------------------------------------------
const anywhere = `${ROOT}/**`;
const installed = `${ROOT}/**/node_modules/**`;
/** An edge function is bundled alone: its folder, _shared, contracts (through deno.json) and npm: packages. */
const edgeFunctionZone = (target) => ({
  target,
  from: anywhere,
  except: [...new Set([target, FUNCTIONS_SHARED, 'packages/contracts/src'])]
    .map((room) => `${at(room)}/**`)
    .concat(installed),
  message:
    'An edge function is deployed alone: it imports only its own folder, supabase/functions/_shared, ' +
    '@snapshire/contracts (mapped in deno.json) and npm: packages.',
});

/**
 * Inside a remote (README, "Layout"): each exposed screen has a folder, src/screens/<Screen>/, and what
 * several screens use is in src/shared/. A screen imports no other screen (the host composes them, e.g. the post
 * view in the group page's outlet, through its route table), and shared code imports no screen.
 */
function screenZones(remote) {
  const screens = `${remote}/src/screens`;
  const screenFolders = existsSync(at(screens)) ? foldersIn(screens) : [];
  return [
    ...screenFolders.map((screen) => ({
      target: `${screens}/${screen}`,
      from: screens,
      except: [`./${screen}`],
      message:
        'A screen imports no other screen: the host composes screens through its route table. Move what both ' +
        'need to src/shared/<topic>/.',
    })),
    {
      target: `${remote}/src/shared`,
      from: screens,
      message: 'src/shared is what several screens use: it imports no screen (move the code it needs to shared/).',
    },
  ];
}

const ZONES = [
  ...REMOTES.map((remote) => ({
    target: remote,
    from: APPS.filter((app) => app !== remote),
    message:
      'A remote never imports another remote or the host, not even through a federation id: apps meet only ' +
      'in packages/, and only the host loads remotes, at run time.',
  })),
  ...REMOTES.map((remote) => ({
    target: `${remote}/src`,
    from: `${ROOT}/**/node_modules/@module-federation/**`,
    message: 'Only the host loads remotes (RemoteSlot); a remote does not use the federation runtime.',
  })),
  {
    target: 'host',
    from: REMOTES,
    message:
      "The host never imports a remote's source, not even through a federation id: it loads remote screens " +
      'at run time through RemoteSlot (loadRemote).',
  },
  { target: 'packages', from: APPS, message: 'packages/ never import the apps.' },
  {
    target: 'packages/backend',
    from: FRONTEND_PACKAGES,
    message: 'The backend imports no frontend package except @snapshire/contracts.',
  },
  {
    target: 'packages/contracts',
    from: [...APPS, ...FRONTEND_PACKAGES, 'packages/backend', 'supabase', 'e2e', 'scripts'],
    message: 'contracts depends on no other part of the repository.',
  },
  ...EDGE_FUNCTIONS.map(edgeFunctionZone),
  edgeFunctionZone(FUNCTIONS_SHARED),
  ...REMOTES.flatMap(screenZones),
];

/** Globals of one runtime that contracts (run in the browser, on Node and on Deno alike) must not touch. */
const RUNTIME_GLOBALS = [
  ...['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'HTMLElement', 'self'].map(
    (name) => ({ name, message: 'contracts runs in the browser, on Node and on Deno: no DOM API.' }),
  ),
  ...['process', 'Buffer', 'require', 'module', '__dirname', '__filename', 'global', 'Deno'].map((name) => ({
    name,
    message: 'contracts runs in the browser, on Node and on Deno: no Node or Deno API.',
  })),
];

// --- the page's singletons ----------------------------------------------------------------------------------
const SINGLETON_MESSAGE =
  'The page has one Supabase client and one Apollo Client + cache, made in packages/data: use ' +
  'useSupabase()/useSession() or the ApolloProvider the host sets up.';
const SINGLETON_IMPORTS = [
  { name: '@supabase/supabase-js', importNames: ['createClient', 'SupabaseClient'] },
  { name: '@apollo/client', importNames: ['ApolloClient', 'InMemoryCache'] },
  { name: '@apollo/client/core', importNames: ['ApolloClient', 'InMemoryCache'] },
  { name: '@apollo/client/cache', importNames: ['InMemoryCache'] },
].map((path) => ({ ...path, allowTypeImports: true, message: SINGLETON_MESSAGE }));
/**
 * The Chakra components the host provides once for the page (packages/shell-components/src/index.ts, read from its one
 * export list): imported from '@chakra-ui/react' instead, a remote would bundle and download its own copy.
 */
const SHELL_COMPONENTS = shellComponentNames(
  readFileSync(at('packages/shell-components/src/index.ts'), 'utf8'),
  'packages/shell-components/src/index.ts',
);
const SHELL_COMPONENT_IMPORTS = [
  {
    name: '@chakra-ui/react',
    allowTypeImports: true,
    message:
      "Import a component from its own entry ('@chakra-ui/react/field', Chakra's modular imports), the shell's from " +
      "'@snapshire/shell-components': a remote's build groups its Chakra components by the screens that draw them " +
      '(packages/federation/src/chunkGroups.ts), which the package index hides.',
  },
];
/** The shell's components through their own entries: the host provides them once for the page. */
const SHELL_COMPONENT_PATTERNS = [
  {
    group: ['@chakra-ui/react/*'],
    importNames: SHELL_COMPONENTS,
    allowTypeImports: true,
    message: "The host provides it once for the page: import it from '@snapshire/shell-components'.",
  },
];
const SINGLETON_DYNAMIC_IMPORT = {
  selector: `ImportExpression[source.value=/^(${SINGLETON_IMPORTS.map((p) => p.name.replaceAll('/', '\\/')).join('|')})$/]`,
  message: SINGLETON_MESSAGE,
};

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
      // Forbidden on purpose: lint-rules/ lints each one as if it sat where its path says.
      'lint-rules/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // With verbatimModuleSyntax, `import { type A } from 'm'` stays in the output as `import {} from 'm'`: a
      // real import, which made a remote put the module in a chunk of its own (packages/federation/src/chunkGroups.ts).
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  // --- boundaries -------------------------------------------------------------------------------------------
  {
    files: [CODE],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [federationIdResolver, nodeResolver],
      // The files no-cycle reads to follow imports (import-x reads only .js, .mjs and .cjs unless told).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: ZONES }],
      // No import circles: code that both sides need goes to a module both import. (import-x skips type-only
      // imports here, and libraries: ignoreExternal.)
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Code the browser runs imports a workspace by its name, so federation shares one copy; a path into
    // another workspace's folder bundles a second one. (Vite configs do use paths: Node cannot load a
    // workspace's .ts exports from node_modules when Vite bundles the config.)
    files: inRooms(...[...APPS, ...FRONTEND_PACKAGES, 'packages/contracts'].map((room) => `${room}/src`)),
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  {
    files: inRooms('packages/contracts/src'),
    ignores: TESTS,
    rules: {
      'import-x/no-nodejs-modules': 'error',
      // Only what contracts' package.json lists (zod): no React, UI, clients.
      'import-x/no-extraneous-dependencies': ['error', { packageDir: at('packages/contracts') }],
      'no-restricted-globals': ['error', ...RUNTIME_GLOBALS],
      // The same globals reached through globalThis (globalThis.document, globalThis.process).
      'no-restricted-properties': [
        'error',
        ...RUNTIME_GLOBALS.map(({ name, message }) => ({ object: 'globalThis', property: name, message })),
      ],
    },
  },
  {
    // Only what the backend's package.json lists, or the repository's test tooling (root devDependencies):
    // no React, Chakra, Emotion or Apollo Client outside its tests.
    files: inRooms('packages/backend/src'),
    ignores: TESTS,
    rules: { 'import-x/no-extraneous-dependencies': ['error', { packageDir: [at('packages/backend'), ROOT] }] },
  },
  {
    files: inRooms(...APPS, ...FRONTEND_PACKAGES.filter((room) => room !== DATA), 'packages/contracts'),
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: SINGLETON_IMPORTS }],
      'no-restricted-syntax': ['error', SINGLETON_DYNAMIC_IMPORT],
    },
  },
  {
    // The apps and the standalone page take the shell's components from the host (packages/shell-components).
    files: inRooms(...APPS, 'packages/standalone'),
    ignores: TESTS,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [...SINGLETON_IMPORTS, ...SHELL_COMPONENT_IMPORTS], patterns: SHELL_COMPONENT_PATTERNS },
      ],
    },
  },
  {
    // A remote's own page takes its screens lazily (lazyScreen in packages/standalone): imported statically,
    // every screen would be in the remote's shared chunk (packages/federation/src/chunkGroups.ts), which the
    // site's first screen loads.
    files: REMOTES.map((remote) => `${remote}/src/main.tsx`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [...SINGLETON_IMPORTS, ...SHELL_COMPONENT_IMPORTS],
          patterns: [
            ...SHELL_COMPONENT_PATTERNS,
            {
              // The screen loaders (src/screens/index.ts) import each screen dynamically; a screen itself, imported
              // statically, would be shared by the page and its exposed entry (lazyScreen says why).
              group: ['./screens/**', '!./screens/index.ts'],
              allowTypeImports: true,
              message: "Take the screens from './screens/index.ts' (screenRoutes from '@snapshire/standalone').",
            },
          ],
        },
      ],
    },
  },
  {
    // Edge functions reach auth, REST, storage and GraphQL only through _shared/platform.ts, so the caller is
    // verified once per request and the clients and the GraphQL call are made in one place.
    files: inRooms(FUNCTIONS),
    ignores: [PLATFORM_MODULE],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@supabase/*', 'npm:@supabase/*'], allowTypeImports: true, message: PLATFORM_MESSAGE }],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression[source.value=/^(npm:)?@supabase\\//]', message: PLATFORM_MESSAGE },
      ],
      'no-restricted-globals': ['error', { name: 'fetch', message: PLATFORM_MESSAGE }],
      'no-restricted-properties': ['error', { object: 'globalThis', property: 'fetch', message: PLATFORM_MESSAGE }],
    },
  },
  // Tests and tooling may use whatever they need from their own workspace.
  {
    files: ['e2e/**/*.ts', 'scripts/**/*.mjs'],
    // Playwright fixtures take `{}` when they need no other fixture, and call their continuation `use`.
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  prettier,
);
