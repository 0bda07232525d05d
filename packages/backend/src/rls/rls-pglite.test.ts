import { openDatabase } from '../db/index.ts';
import { defineGroupRules } from './group-rules.ts';
import { defineRlsMatrix } from './matrix.ts';
import { defineProfileRules } from './profile-rules.ts';
import { defineSocialRules } from './social-rules.ts';

defineRlsMatrix('PGlite', () => openDatabase());
defineGroupRules('PGlite', () => openDatabase());
defineSocialRules('PGlite', () => openDatabase());
defineProfileRules('PGlite', () => openDatabase());
