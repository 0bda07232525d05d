import { isUuid } from '../../shared/data/ids.ts';

/** The category ids of the filter's query parameter: UUIDs only, each once, sorted (one URL per selection). */
export function parseCategoryParam(value: string | null): string[] {
  if (!value) return [];
  return [...new Set(value.split(',').filter((id) => isUuid(id)))].sort();
}

/** The query parameter's value for a selection; null when nothing is chosen (the parameter goes away). */
export function formatCategoryParam(ids: readonly string[]): string | null {
  const valid = parseCategoryParam(ids.join(','));
  return valid.length > 0 ? valid.join(',') : null;
}
