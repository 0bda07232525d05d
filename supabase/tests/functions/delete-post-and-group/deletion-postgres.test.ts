/** The deletion functions on a real PostgreSQL; with REQUIRE_POSTGRES=1 a missing PostgreSQL fails the run. */
import { defineOnPostgres } from '../../../../packages/backend/testing/postgresSuite.ts';
import { defineDeletionSuite } from './deletion-cases.ts';

defineOnPostgres('delete-post and delete-group', defineDeletionSuite);
