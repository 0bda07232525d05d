import type { RenderCache, Rendered } from '../render-cache.ts';
import type { ObjectRow } from '../repository.ts';
import type { Transform } from '../transform.ts';
import type { ObjectService } from './objects.ts';

function sourceFormat(obj: ObjectRow): string | undefined {
  const mime = obj.metadata?.mimetype ?? '';
  return mime === 'image/png' ? 'png' : mime === 'image/webp' ? 'webp' : 'jpeg';
}

/** Renditions of stored images: rendered once per object version, transform and output format. */
export function createRenderService(objects: ObjectService, cache: RenderCache) {
  return {
    /** `accept` is the request's Accept header: WebP when the client takes it. */
    render(obj: ObjectRow, transform: Transform, accept: string | undefined): Promise<Rendered> {
      return cache.render(obj.version!, () => objects.bytes(obj), transform, accept, sourceFormat(obj));
    },
  };
}

export type RenderService = ReturnType<typeof createRenderService>;
