import { defineHandlePostCreateSuite } from './handle-post-create-cases.ts';

defineHandlePostCreateSuite('PGlite', async () => undefined);
