import type { BackendContext } from '../../context.ts';
import { ObjectFiles } from '../files.ts';
import { RenderCache } from '../render-cache.ts';
import { createStorageRepository } from '../repository.ts';
import { createBucketService, type BucketService } from './buckets.ts';
import { createObjectService, type ObjectService } from './objects.ts';
import { createRenderService, type RenderService } from './render.ts';
import { createSigningService, type SigningService } from './signing.ts';

/** Decoded images are refused past this many pixels (a decompression bomb costs nothing to upload). */
const RENDER_MAX_PIXELS = 100_000_000;

export interface StorageServices {
  objects: ObjectService;
  buckets: BucketService;
  signing: SigningService;
  renders: RenderService;
}

export function createStorageServices(ctx: BackendContext): StorageServices {
  const repo = createStorageRepository(ctx.db);
  const files = new ObjectFiles(ctx.objectsDir, () => ctx.db.assertWritable());
  const cache = new RenderCache(ctx.renderCacheDir, RENDER_MAX_PIXELS, ctx.config.renderCacheMaxBytes);
  const objects = createObjectService(repo, files, cache, ctx.config.storageFileSizeLimit);
  return {
    objects,
    buckets: createBucketService(repo),
    signing: createSigningService(repo, ctx.config.jwtSecret),
    renders: createRenderService(objects, cache),
  };
}
