import { defineHandlePostCreateSuite } from './suite.ts';

defineHandlePostCreateSuite('PGlite', async () => undefined);
