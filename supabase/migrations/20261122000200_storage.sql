-- The photo of every post lives in the private bucket `photography` at posts/{postId}/{file_name}.
-- Reading an object is allowed exactly when its post is visible (the post's own policy decides);
-- writing is left to the service role (handle-post-create), so no write policy exists for clients.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('photography', 'photography', false, 10485760, array['image/jpeg'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "photography: a post's photo is readable where the post is"
  on storage.objects for select to anon, authenticated
  using (
    bucket_id = 'photography'
    and exists (select 1 from public.post p where p.id = private.post_id_from_object_name(name))
  );

create policy "photography: the bucket is visible"
  on storage.buckets for select to anon, authenticated
  using (id = 'photography');
