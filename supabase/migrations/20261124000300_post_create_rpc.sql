-- The database half of handle-post-create, called through PostgREST's RPC (supabase-js `rpc`) with the
-- service role, as Supabase functions reach the database. The function identifies the caller from their
-- verified JWT and passes their user id; these functions repeat, for that user, the checks the row level
-- security policies make (private.can_view_group / private.can_post_in_group), because a SECURITY DEFINER
-- function is not subject to RLS.
--
-- Write order (no visible half post): the function stores the photo first, then post_create inserts the
-- post, already shown (has_uploaded_photo true), and its categories in one transaction. If that fails or
-- refuses, the function removes the photo again; a crash in between leaves only an object no post points to.

-- Why the user may not create this post, or null when they may: 'not_signed_in', 'group_not_found' (a
-- private group they are not in looks missing), 'unknown_category'. Seeing a group and posting into it
-- are the same rule today (any signed-in user in a public group, members in a private one).
create function private.post_create_refusal(p_author_id uuid, p_group_id uuid, p_category_ids uuid[])
returns text
language sql stable security definer set search_path = ''
as $$
  select case
    when p_author_id is null or not exists (select 1 from auth.users u where u.id = p_author_id)
      then 'not_signed_in'
    -- can_view_group and can_post_in_group, for p_author_id
    when not exists (
      select 1 from public."group" g
      where g.id = p_group_id
        and (not g.is_private
             or exists (select 1 from public.group_member m where m.group_id = g.id and m.user_id = p_author_id))
    ) then 'group_not_found'
    when (select count(*) from public.group_category gc
           where gc.group_id = p_group_id and gc.category_id = any (coalesce(p_category_ids, '{}')))
         <> (select count(distinct c) from unnest(coalesce(p_category_ids, '{}')) as c)
      then 'unknown_category'
  end
$$;

-- Asked before the photo is decoded, so a refused caller costs no image work: 'ok' or the refusal.
create function public.post_create_check(p_author_id uuid, p_group_id uuid, p_category_ids uuid[])
returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce(private.post_create_refusal(p_author_id, p_group_id, p_category_ids), 'ok')
$$;

-- Creates the post with its categories in one transaction, shown at once (its photo is already stored):
-- 'created' or the refusal (checked again here: membership may have changed since post_create_check).
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
  p_category_ids uuid[]
) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  refusal text := private.post_create_refusal(p_author_id, p_group_id, p_category_ids);
begin
  if refusal is not null then
    return refusal;
  end if;
  insert into public.post (id, group_id, author_id, file_name, meta_width, meta_height, photo_type,
                           description, camera_make, camera_model, has_uploaded_photo)
  values (p_id, p_group_id, p_author_id, p_file_name, p_width, p_height, p_photo_type,
          p_description, p_camera_make, p_camera_model, true);
  insert into public.post_category (post_id, category_id)
  select p_id, c from (select distinct unnest(coalesce(p_category_ids, '{}')) as c) as categories;
  return 'created';
end
$$;

-- Only the service role (the edge function) may call them: a client calling post_create directly could show
-- a post whose photo was never checked. Supabase grants EXECUTE on new public functions to anon and
-- authenticated by default, so it is taken back explicitly.
revoke all on function private.post_create_refusal(uuid, uuid, uuid[]) from public, anon, authenticated;
revoke all on function public.post_create_check(uuid, uuid, uuid[]) from public, anon, authenticated;
revoke all on function public.post_create(uuid, uuid, uuid, text, integer, integer, public.photo_type, text, text, text, uuid[])
  from public, anon, authenticated;
grant execute on function private.post_create_refusal(uuid, uuid, uuid[]) to service_role;
grant execute on function public.post_create_check(uuid, uuid, uuid[]) to service_role;
grant execute on function public.post_create(uuid, uuid, uuid, text, integer, integer, public.photo_type, text, text, text, uuid[])
  to service_role;
