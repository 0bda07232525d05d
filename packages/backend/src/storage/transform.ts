import { storageErrors } from './errors.ts';

/** storage-api's image transformation options (imgproxy semantics). */
export interface Transform {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  quality?: number;
  format?: 'origin';
}

const MAX_DIMENSION = 2500;

function intIn(v: unknown, min: number, max: number, name: string): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw storageErrors.invalidRequest(`${name} must be an integer between ${min} and ${max}`);
  return n;
}

/** Reads transform options from a JSON body or query string, validating them as storage-api does. */
export function parseTransform(input: Record<string, unknown> | undefined): Transform | undefined {
  if (!input) return undefined;
  const t: Transform = {
    width: intIn(input.width, 1, MAX_DIMENSION, 'width'),
    height: intIn(input.height, 1, MAX_DIMENSION, 'height'),
    quality: intIn(input.quality, 20, 100, 'quality'),
  };
  if (input.resize !== undefined && input.resize !== null && input.resize !== '') {
    if (input.resize !== 'cover' && input.resize !== 'contain' && input.resize !== 'fill') {
      throw storageErrors.invalidRequest('resize must be one of cover, contain, fill');
    }
    t.resize = input.resize;
  }
  if (input.format === 'origin') t.format = 'origin';
  const clean = Object.fromEntries(Object.entries(t).filter(([, v]) => v !== undefined)) as Transform;
  return Object.keys(clean).length ? clean : undefined;
}

/** The transform as it travels inside a signed URL's token: "width:300,height:200,resize:cover". */
export function transformToString(t: Transform): string {
  return (['width', 'height', 'resize', 'quality', 'format'] as const)
    .filter((k) => t[k] !== undefined)
    .map((k) => `${k}:${t[k]}`)
    .join(',');
}

export function transformFromString(s: string): Transform | undefined {
  const obj: Record<string, string> = {};
  for (const part of s.split(',')) {
    const [k, v] = part.split(':');
    if (k && v !== undefined) obj[k.trim()] = v.trim();
  }
  return parseTransform(obj);
}
