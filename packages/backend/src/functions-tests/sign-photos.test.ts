import { defineSignPhotosSuite } from './sign-photos-suite.ts';

defineSignPhotosSuite('PGlite', async () => undefined);
