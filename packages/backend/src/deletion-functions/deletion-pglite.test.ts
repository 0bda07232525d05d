import { defineDeletionSuite } from './suite.ts';

defineDeletionSuite('PGlite', async () => undefined);
