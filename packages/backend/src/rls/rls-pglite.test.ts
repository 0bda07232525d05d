import { openDatabase } from '../db/index.ts';
import { defineRlsMatrix } from './matrix.ts';

defineRlsMatrix('PGlite', () => openDatabase());
