import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate, GENERATED_FILE } from './codegen.ts';

describe('codegen', () => {
  it('generated.ts matches the schema and documents (run `npm run codegen -w @snapshire/data` if not)', async () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await generate());
  }, 30_000);

  it('has the operations of SPEC.md section 7 with their names', async () => {
    const generated = readFileSync(GENERATED_FILE, 'utf8');
    for (const name of ['AllGroups', 'GroupById', 'GroupPostsByCategoryIds', 'PostById', 'NewPostGroup'])
      expect(generated).toContain(`export const ${name}Document`);
  });
});
