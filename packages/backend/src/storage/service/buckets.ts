import type { Caller } from '../../db/types.ts';
import { StorageError, storageErrors } from '../errors.ts';
import type { BucketRow, BucketWrite, StorageRepository } from '../repository.ts';
import { ownerOf } from './objects.ts';

const BUCKET_NAME = /^[\w!.*'() &$@=;:+,?-]{1,100}$/;

/** Buckets, read and written as the caller: RLS on storage.buckets decides (service_role in practice). */
export function createBucketService(repo: StorageRepository) {
  return {
    list: (caller: Caller): Promise<BucketRow[]> => repo.listBuckets(caller),

    async get(caller: Caller, id: string): Promise<BucketRow> {
      const bucket = await repo.getBucket(caller, id);
      if (!bucket) throw storageErrors.noSuchBucket();
      return bucket;
    },

    async create(caller: Caller, name: string, bucket: BucketWrite): Promise<void> {
      if (!BUCKET_NAME.test(name))
        throw new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input');
      if (!(await repo.insertBucket(caller, name, ownerOf(caller), bucket)))
        throw new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate');
    },

    async update(caller: Caller, id: string, bucket: BucketWrite): Promise<void> {
      if (!(await repo.updateBucket(caller, id, bucket))) throw storageErrors.noSuchBucket();
    },

    /** Deletes a bucket; one that still holds an object is refused. */
    async remove(caller: Caller, id: string): Promise<void> {
      const outcome = await repo.deleteEmptyBucket(caller, id);
      if (outcome === 'not_empty')
        throw new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty');
      if (outcome === 'missing') throw storageErrors.noSuchBucket();
    },
  };
}

export type BucketService = ReturnType<typeof createBucketService>;
