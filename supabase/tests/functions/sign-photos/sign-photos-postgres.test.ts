/** The function suite on a real PostgreSQL; with REQUIRE_POSTGRES=1 a missing PostgreSQL fails the run. */
import { defineOnPostgres } from '../../../../packages/backend/testing/postgresSuite.ts';
import { defineSignPhotosSuite } from './sign-photos-cases.ts';

defineOnPostgres('sign-photos', defineSignPhotosSuite);
