// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GENERATED_FILE_NAME, generateOperations, staleOperationFiles, writeOperations } from './codegen.ts';

let app: string;
beforeEach(async () => {
  app = await mkdtemp(join(tmpdir(), 'snapshire-codegen-'));
  await mkdir(join(app, 'src', 'features', 'groups'), { recursive: true });
});
afterEach(() => rm(app, { recursive: true, force: true }));

const operation = (name: string, field = 'display_name') =>
  `query ${name} { groupCollection { edges { node { id ${field} } } } }\n`;

describe('generateOperations', () => {
  it("writes a typed document beside a feature's .graphql file, and reports it stale after the operation changes", async () => {
    const file = join(app, 'src', 'features', 'groups', 'Groups.graphql');
    await writeFile(file, operation('Groups'));
    expect(await staleOperationFiles(app)).toEqual([`src/features/groups/${GENERATED_FILE_NAME}`]);
    await writeOperations(app);
    expect(await staleOperationFiles(app)).toEqual([]);
    const [generated] = await generateOperations(app);
    expect(generated!.content).toContain('export const GroupsDocument');
    expect(generated!.operations).toEqual(['Groups']);

    await writeFile(file, operation('Groups', 'display_name description'));
    expect(await staleOperationFiles(app)).toEqual([`src/features/groups/${GENERATED_FILE_NAME}`]);
  });

  it('refuses an operation that does not fit the schema, naming the file and the field', async () => {
    await writeFile(join(app, 'src', 'features', 'groups', 'Bad.graphql'), operation('Bad', 'no_such_field'));
    await expect(generateOperations(app)).rejects.toThrow(/Bad\.graphql: Cannot query field "no_such_field"/);
  });

  it('refuses two operations with one name', async () => {
    await mkdir(join(app, 'src', 'features', 'other'));
    await writeFile(join(app, 'src', 'features', 'groups', 'A.graphql'), operation('Same'));
    await writeFile(join(app, 'src', 'features', 'other', 'B.graphql'), operation('Same'));
    await expect(generateOperations(app)).rejects.toThrow(/Same is already defined/);
  });
});
