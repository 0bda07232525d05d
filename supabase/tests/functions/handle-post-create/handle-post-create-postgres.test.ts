/** The function suite on a real PostgreSQL; with REQUIRE_POSTGRES=1 a missing PostgreSQL fails the run. */
import { defineOnPostgres } from '../../../../packages/backend/testing/postgresSuite.ts';
import { defineHandlePostCreateSuite } from './handle-post-create-cases.ts';

defineOnPostgres('handle-post-create', defineHandlePostCreateSuite);
