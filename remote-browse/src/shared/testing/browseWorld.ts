/**
 * What the browse screens show, inserted into a real backend (@snapshire/backend/testing) the way the product
 * stores it: an author with a public name, groups with the categories they offer, posts marked uploaded with
 * their photos in storage (signing a photo's URL needs the stored object). Ids are fresh per call, so the
 * tests of one file share a backend without seeing each other's groups unless they list them all.
 */
import { postObjectPath, type PhotoType } from '@snapshire/contracts';
import type { ComponentBackend } from '@snapshire/backend/testing';
import { initData } from '@snapshire/data';
import type { CategoryNode, GalleryPost } from '../data/types.ts';

export const AUTHOR_NAME = 'Ada Harper';
export const AUTHOR_PASSWORD = 'password123';

/** A confirmed account whose public name is AUTHOR_NAME; returns its id and e-mail address. */
export async function insertAuthor(backend: ComponentBackend, email: string): Promise<string> {
  const id = await backend.createUser(email, AUTHOR_PASSWORD);
  await backend.sql('update public.profile set display_name = $2 where id = $1', [id, AUTHOR_NAME]);
  return id;
}

/** A category with a unique name (names are unique in the database). */
export async function insertCategory(backend: ComponentBackend, displayName: string): Promise<CategoryNode> {
  const id = crypto.randomUUID();
  const name = `${displayName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${id.slice(0, 8)}`;
  await backend.sql('insert into public.category (id, name, display_name) values ($1, $2, $3)', [
    id,
    name,
    displayName,
  ]);
  return { id, display_name: displayName };
}

export interface WorldGroupOptions {
  authorId: string;
  /** Gallery posts, newest first (fixtures.ts galleryPosts); given fresh ids here. */
  posts?: GalleryPost[];
  name?: string;
  description?: string;
  isPrivate?: boolean;
  /** Categories the group offers. */
  categories?: CategoryNode[];
  photoType?: PhotoType;
  /** Categories every post is filed under. */
  postCategories?: CategoryNode[];
  /** Inserted this long ago: the groups list runs oldest first. */
  ageDays?: number;
  /** Camera details every post states (the columns handle-post-create fills from the EXIF). */
  camera?: {
    make?: string;
    model?: string;
    lens?: string;
    exposureTime?: number;
    fNumber?: number;
    iso?: number;
    focalLength?: number;
  };
}

export interface WorldGroup {
  id: string;
  name: string;
  posts: GalleryPost[];
}

export async function insertGroup(backend: ComponentBackend, options: WorldGroupOptions): Promise<WorldGroup> {
  const id = crypto.randomUUID();
  const name = options.name ?? 'Harbour Town';
  const posts = (options.posts ?? []).map((post) => ({ ...post, id: crypto.randomUUID() }));
  await backend.sql(
    `insert into public."group" (id, display_name, description, is_private, created_at)
     values ($1, $2, $3, $4, now() - make_interval(days => $5))`,
    [id, name, options.description ?? 'Boats, gulls and fog.', options.isPrivate ?? false, options.ageDays ?? 0],
  );
  const offered = options.categories ?? [];
  if (offered.length)
    await backend.sql('insert into public.group_category (group_id, category_id) select $1, unnest($2::uuid[])', [
      id,
      offered.map((c) => c.id),
    ]);
  if (posts.length) {
    await backend.sql(
      `insert into public.post (id, group_id, author_id, file_name, meta_width, meta_height, photo_type, description,
                                created_at, has_uploaded_photo, thumbhash, camera_make, camera_model, camera_lens,
                                exposure_time, f_number, iso, focal_length)
       select p.id, $1, $2, p.file_name, p.meta_width, p.meta_height, $3, p.description, p.created_at, true, p.th,
              c.make, c.model, c.lens, c."exposureTime", c."fNumber", c.iso, c."focalLength"
       from jsonb_to_recordset($4::jsonb) as p (id uuid, file_name text, meta_width int, meta_height int,
            description text, created_at timestamptz, th text),
            jsonb_to_record($5::jsonb) as c (make text, model text, lens text, "exposureTime" float8,
            "fNumber" float8, iso int, "focalLength" float8)`,
      [id, options.authorId, options.photoType ?? 'FILM', JSON.stringify(posts), JSON.stringify(options.camera ?? {})],
    );
    const filed = options.postCategories ?? [];
    if (filed.length)
      await backend.sql(
        `insert into public.post_category (post_id, category_id)
         select p, c from unnest($1::uuid[]) as p, unnest($2::uuid[]) as c`,
        [posts.map((p) => p.id), filed.map((c) => c.id)],
      );
    await Promise.all(posts.map((post) => backend.storePhoto(postObjectPath(post.id, post.file_name))));
  }
  return { id, name, posts };
}

/** Starts the screens' data layer on `backend` signed in as `email` (an account made here, AUTHOR_PASSWORD). */
export async function signInOnBackend(backend: ComponentBackend, email: string): Promise<void> {
  const { error } = await initData(backend.config).supabase.auth.signInWithPassword({
    email,
    password: AUTHOR_PASSWORD,
  });
  if (error) throw error;
}
