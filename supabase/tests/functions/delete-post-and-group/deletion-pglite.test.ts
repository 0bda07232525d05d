import { defineDeletionSuite } from './deletion-cases.ts';

defineDeletionSuite('PGlite', async () => undefined);
