import { openDatabase } from '../db/index.ts';
import { defineGroupRules } from './group-rules.ts';
import { defineRlsMatrix } from './matrix.ts';

defineRlsMatrix('PGlite', () => openDatabase());
defineGroupRules('PGlite', () => openDatabase());
