-- One post per upload (issue 25): the new-post screen gives every photo an idempotency key (a UUID made in
-- the browser, kept until the server has answered for it) and handle-post-create stores the post once per
-- key per user. A retry after a lost answer (the connection cut after the server stored the photo) gets the
-- same post back instead of a second one; the same key with a different photo is refused.
--
-- The key row is written in post_create's transaction, with the post: a key never points at a post that
-- does not exist, and a post made with a key always has its row. Deleting the post deletes its key (a retry
-- of a deleted post's upload posts it again, which is what the person asked for).

create table public.post_idempotency (
  user_id uuid not null references auth.users (id) on delete cascade,
  key uuid not null,
  -- SHA-256 of the photo's bytes as sent (hex): tells a retry of the same photo from a reused key.
  file_sha256 text not null check (file_sha256 ~ '^[0-9a-f]{64}$'),
  post_id uuid not null references public.post (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
create index post_idempotency_post_id on public.post_idempotency (post_id);
comment on table public.post_idempotency is
  'Idempotency keys of handle-post-create: one post per (user, key); written and read by the function only.';

-- Only the function (service role) reads and writes it, through the functions below; RLS is on with no
-- policy for client roles, so even a grant added by mistake would show nobody anything.
revoke all on table public.post_idempotency from public, anon, authenticated;
grant all on table public.post_idempotency to service_role;
alter table public.post_idempotency enable row level security;

-- The post an earlier request with this key created, and the photo it carried: {post_id, file_sha256}, or
-- null when the key is new. Asked before any image work, so a retry costs no decode and stores nothing.
create function public.post_create_lookup(p_author_id uuid, p_idempotency_key uuid)
returns jsonb
language sql stable security definer set search_path = ''
as $$
  select jsonb_build_object('post_id', k.post_id, 'file_sha256', k.file_sha256)
  from public.post_idempotency k
  where k.user_id = p_author_id and k.key = p_idempotency_key
$$;

-- post_create, redefined with the key (20261128000100_photo_details.sql has the rest of the story). The two
-- new parameters come last with defaults, so a function deployed before this migration keeps posting.
-- 'duplicate': another request with this key committed first (two retries racing); nothing of this one
-- is kept and the function answers with that request's post.
drop function public.post_create(uuid, uuid, uuid, text, integer, integer, public.photo_type, text, text, text, uuid[],
  text, text, double precision, double precision, integer, double precision);

create function public.post_create(
  p_id uuid,
  p_group_id uuid,
  p_author_id uuid,
  p_file_name text,
  p_width integer,
  p_height integer,
  p_photo_type public.photo_type,
  p_description text,
  p_camera_make text,
  p_camera_model text,
  p_category_ids uuid[],
  p_thumbhash text default null,
  p_camera_lens text default null,
  p_exposure_time double precision default null,
  p_f_number double precision default null,
  p_iso integer default null,
  p_focal_length double precision default null,
  p_idempotency_key uuid default null,
  p_file_sha256 text default null
) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  refusal text := private.post_create_refusal(p_author_id, p_group_id, p_category_ids);
begin
  if refusal is not null then
    return refusal;
  end if;
  if p_idempotency_key is not null and exists (
    select 1 from public.post_idempotency k where k.user_id = p_author_id and k.key = p_idempotency_key
  ) then
    return 'duplicate';
  end if;
  -- The block is a savepoint: when a racing request took the key between the check above and the insert
  -- below, the post and categories inserted here are undone with it.
  begin
    insert into public.post (id, group_id, author_id, file_name, meta_width, meta_height, photo_type,
                             description, camera_make, camera_model, has_uploaded_photo,
                             thumbhash, camera_lens, exposure_time, f_number, iso, focal_length)
    values (p_id, p_group_id, p_author_id, p_file_name, p_width, p_height, p_photo_type,
            p_description, p_camera_make, p_camera_model, true,
            p_thumbhash, p_camera_lens, p_exposure_time, p_f_number, p_iso, p_focal_length);
    insert into public.post_category (post_id, category_id)
    select p_id, c from (select distinct unnest(coalesce(p_category_ids, '{}')) as c) as categories;
    if p_idempotency_key is not null then
      insert into public.post_idempotency (user_id, key, file_sha256, post_id)
      values (p_author_id, p_idempotency_key, p_file_sha256, p_id);
    end if;
  exception when unique_violation then
    if p_idempotency_key is not null and exists (
      select 1 from public.post_idempotency k where k.user_id = p_author_id and k.key = p_idempotency_key
    ) then
      return 'duplicate';
    end if;
    raise;
  end;
  return 'created';
end
$$;

-- As before: only the service role (the edge function) may call them.
revoke all on function public.post_create(uuid, uuid, uuid, text, integer, integer, public.photo_type, text, text, text, uuid[],
  text, text, double precision, double precision, integer, double precision, uuid, text)
  from public, anon, authenticated;
revoke all on function public.post_create_lookup(uuid, uuid) from public, anon, authenticated;
grant execute on function public.post_create(uuid, uuid, uuid, text, integer, integer, public.photo_type, text, text, text, uuid[],
  text, text, double precision, double precision, integer, double precision, uuid, text)
  to service_role;
grant execute on function public.post_create_lookup(uuid, uuid) to service_role;
