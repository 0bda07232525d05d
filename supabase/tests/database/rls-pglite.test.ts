import { openDatabase } from '../../../packages/backend/src/db/index.ts';
import { defineGroupRules } from './group-rules.ts';
import { defineRlsMatrix } from './rls-matrix.ts';
import { defineProfileRules } from './profile-rules.ts';
import { defineSocialRules } from './social-rules.ts';

defineRlsMatrix('PGlite', () => openDatabase());
defineGroupRules('PGlite', () => openDatabase());
defineSocialRules('PGlite', () => openDatabase());
defineProfileRules('PGlite', () => openDatabase());
