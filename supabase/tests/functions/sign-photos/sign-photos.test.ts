import { defineSignPhotosSuite } from './sign-photos-cases.ts';

defineSignPhotosSuite('PGlite', async () => undefined);
