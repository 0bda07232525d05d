import { describe, expect, it } from 'vitest';
import { formatCategoryParam, parseCategoryParam } from './categoryParam.ts';

const A = '20000000-0000-4000-8000-000000000001';
const B = '20000000-0000-4000-8000-000000000002';

describe('category filter in the URL', () => {
  it('reads UUIDs only, each once, sorted', () => {
    expect(parseCategoryParam(`${B},${A},nope,${B}`)).toEqual([A, B]);
    expect(parseCategoryParam(null)).toEqual([]);
    expect(parseCategoryParam('')).toEqual([]);
  });

  it('writes a selection as one canonical value, or nothing', () => {
    expect(formatCategoryParam([B, A])).toBe(`${A},${B}`);
    expect(formatCategoryParam([])).toBeNull();
  });
});
