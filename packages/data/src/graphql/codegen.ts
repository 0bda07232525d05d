/**
 * The one GraphQL code generator every remote uses for its own operations. A remote keeps each operation as a
 * .graphql file in the folder of the code that uses it; this writes, beside them, `operations.generated.ts` with
 * the typed document nodes and the result and variable types, checked against the shared contract
 * (schema.graphql here, written by `npm run graphql:sdl -w @snapshire/backend`).
 *
 *   npm run codegen -w remote-browse        (writes)   tsx ../packages/data/src/graphql/codegen.ts
 *   npm run codegen:check -w remote-browse  (fails when a generated file is stale or an operation is invalid)
 *
 * The documents are compiled into the remote's own bundle, so changing an operation ships with the remote
 * alone; packages/data (a shared singleton served by the host) holds no screen's operations.
 */
import { codegen } from '@graphql-codegen/core';
import * as typedDocumentNode from '@graphql-codegen/typed-document-node';
import * as typescriptOperations from '@graphql-codegen/typescript-operations';
import { buildASTSchema, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The schema every operation is validated against: the contract between the frontends and the backend. */
export const SCHEMA_FILE = join(here, 'schema.graphql');
/** Written beside the .graphql files of a folder. */
export const GENERATED_FILE_NAME = 'operations.generated.ts';

/** pg_graphql's scalars as they travel in JSON. */
const SCALARS = {
  UUID: 'string',
  Datetime: 'string',
  Date: 'string',
  Time: 'string',
  BigInt: 'string',
  BigFloat: 'string',
  Cursor: 'string',
  JSON: 'unknown',
  Opaque: 'unknown',
};

export interface GeneratedFile {
  /** Absolute path of the generated module. */
  path: string;
  content: string;
  /** The operation names it holds. */
  operations: string[];
}

/** An operation that does not fit the schema: named by file, with GraphQL's own message. */
export class InvalidOperationError extends Error {
  constructor(readonly problems: string[]) {
    super(`GraphQL operations do not match schema.graphql:\n  ${problems.join('\n  ')}`);
    this.name = 'InvalidOperationError';
  }
}

let schemaCache: { ast: DocumentNode; schema: GraphQLSchema } | null = null;
function loadSchema() {
  if (!existsSync(SCHEMA_FILE))
    throw new Error(`No schema at ${SCHEMA_FILE}: run npm run graphql:sdl -w @snapshire/backend`);
  if (!schemaCache) {
    const ast = parse(readFileSync(SCHEMA_FILE, 'utf8'));
    schemaCache = { ast, schema: buildASTSchema(ast) };
  }
  return schemaCache;
}

/** Every .graphql file under `dir` (recursively, skipping node_modules and dist), sorted. */
export function findOperationFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...findOperationFiles(path));
    else if (entry.name.endsWith('.graphql')) found.push(path);
  }
  return found.sort();
}

/**
 * Generates one module per folder holding .graphql files under `<appDir>/src`. Throws InvalidOperationError
 * when an operation does not validate against the schema, or when two operations share a name (Apollo and
 * the cache policies tell operations apart by name).
 */
export async function generateOperations(appDir: string): Promise<GeneratedFile[]> {
  const { ast, schema } = loadSchema();
  const srcDir = resolve(appDir, 'src');
  const files = findOperationFiles(srcDir);
  const problems: string[] = [];
  const owners = new Map<string, string>();
  const byFolder = new Map<string, { location: string; document: DocumentNode }[]>();
  for (const file of files) {
    const location = relative(appDir, file);
    let document: DocumentNode;
    try {
      document = parse(readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push(`${location}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    for (const error of validate(schema, document)) problems.push(`${location}: ${error.message}`);
    for (const definition of document.definitions)
      if (definition.kind === 'OperationDefinition') {
        const name = definition.name?.value;
        if (!name) problems.push(`${location}: every operation needs a name`);
        else if (owners.has(name)) problems.push(`${location}: ${name} is already defined in ${owners.get(name)}`);
        else owners.set(name, location);
      }
    const folder = dirname(file);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), { location, document }]);
  }
  if (problems.length) throw new InvalidOperationError(problems);

  const generated: GeneratedFile[] = [];
  for (const [folder, documents] of byFolder) {
    const path = join(folder, GENERATED_FILE_NAME);
    const output = await codegen({
      filename: path,
      schema: ast,
      documents,
      config: {
        scalars: SCALARS,
        enumType: 'string-literal',
        useTypeImports: true,
        avoidOptionals: { field: true, inputValue: false, object: false, defaultValue: false },
        skipTypename: false,
        nonOptionalTypename: true,
      },
      // typescript-operations 6 emits the schema types the operations use (enums, inputs, scalars) itself;
      // adding @graphql-codegen/typescript as well declares those enums twice (TS2300).
      plugins: [{ typescriptOperations: {} }, { typedDocumentNode: {} }],
      pluginMap: { typescriptOperations, typedDocumentNode },
    });
    const sources = documents.map((d) => d.location.split('/').at(-1)).join(', ');
    generated.push({
      path,
      operations: documents.flatMap(({ document }) =>
        document.definitions.flatMap((d) => (d.kind === 'OperationDefinition' && d.name ? [d.name.value] : [])),
      ),
      content:
        '/* eslint-disable */\n' +
        `// Generated from ${sources} and packages/data/src/graphql/schema.graphql by\n` +
        '// packages/data/src/graphql/codegen.ts (npm run codegen in this app). Do not edit.\n' +
        output,
    });
  }
  return generated;
}

/** Generated modules that are missing or differ from what the operations and the schema give now. */
export async function staleOperationFiles(appDir: string): Promise<string[]> {
  const generated = await generateOperations(appDir);
  return generated
    .filter((file) => !existsSync(file.path) || readFileSync(file.path, 'utf8') !== file.content)
    .map((file) => relative(appDir, file.path));
}

/** Writes the generated modules; returns the ones whose content changed. */
export async function writeOperations(appDir: string): Promise<string[]> {
  const changed: string[] = [];
  for (const file of await generateOperations(appDir)) {
    if (existsSync(file.path) && readFileSync(file.path, 'utf8') === file.content) continue;
    writeFileSync(file.path, file.content);
    changed.push(relative(appDir, file.path));
  }
  return changed;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1]);
if (isMain) {
  const check = process.argv.includes('--check');
  const appDir = resolve(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? process.cwd());
  try {
    if (check) {
      const stale = await staleOperationFiles(appDir);
      if (stale.length) {
        console.error(`Out of date: ${stale.join(', ')}. Run npm run codegen in ${appDir}.`);
        process.exit(1);
      }
      console.log('GraphQL operations are valid and their generated types up to date.');
    } else {
      const changed = await writeOperations(appDir);
      console.log(changed.length ? `wrote ${changed.join(', ')}` : 'generated operations already up to date');
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

/**
 * Keeps a remote's generated operations honest inside Vite: `vite build` stops with the reason when an
 * operation does not fit the schema or its generated module is stale (CI builds what is committed), and the
 * dev server regenerates them at start and whenever a .graphql file changes.
 */
export function graphqlOperationsPlugin(appDir: string) {
  let serving = false;
  return {
    name: 'snapshire-graphql-operations',
    configResolved(config: { command: 'build' | 'serve' }) {
      serving = config.command === 'serve';
    },
    async buildStart() {
      if (serving) {
        await writeOperations(appDir);
        return;
      }
      const stale = await staleOperationFiles(appDir);
      if (stale.length)
        throw new Error(`${stale.join(', ')} is out of date with its .graphql files: run npm run codegen in ${appDir}`);
    },
    configureServer(server: { watcher: { on(event: 'change' | 'add', listener: (file: string) => void): void } }) {
      const regenerate = (file: string) => {
        if (!file.endsWith('.graphql')) return;
        writeOperations(appDir).catch((error: unknown) =>
          console.error(error instanceof Error ? error.message : String(error)),
        );
      };
      server.watcher.on('change', regenerate);
      server.watcher.on('add', regenerate);
    },
  };
}
