import { staleOperationFiles } from '@snapshire/data/codegen';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const APP_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe("this remote's GraphQL operations", () => {
  it('validate against schema.graphql, and their generated modules are up to date (else: npm run codegen)', async () => {
    expect(await staleOperationFiles(APP_DIR)).toEqual([]);
  }, 30_000);
});
