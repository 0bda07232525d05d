-- What handle-post-create reads from a photo while it has it decoded, kept with the post (issue 25):
--   * a placeholder, the photo's ThumbHash (https://evanw.github.io/thumbhash/): about 21-24 bytes, stored as
--     base64 without padding (at most 32 characters for a photo without transparency), which every tile, the
--     modal and the post page paint at once in the photo's box until the photo arrives;
--   * the camera details from its EXIF before the metadata is stripped: make and model in the specification's
--     camera_make and camera_model, and beside them the lens, exposure time (seconds), aperture (f-number),
--     ISO and focal length (mm). Never a GPS position, never a serial number.
-- Row level security is unchanged: the columns belong to public.post, whose policy decides who sees a post,
-- and the table's SELECT grant to anon and authenticated covers them as it covers every other column.
-- Posts stored before this migration have no placeholder: supabase/backfill/placeholders.ts computes theirs.

alter table public.post
  add column thumbhash text check (thumbhash ~ '^[A-Za-z0-9+/]{4,56}$'),
  add column camera_lens text check (char_length(camera_lens) <= 100),
  add column exposure_time double precision check (exposure_time > 0 and exposure_time <= 3600),
  add column f_number double precision check (f_number >= 0.5 and f_number <= 128),
  add column iso integer check (iso >= 1 and iso <= 10000000),
  add column focal_length double precision check (focal_length > 0 and focal_length <= 10000);

comment on column public.post.thumbhash is
  'ThumbHash of the stored photo, base64 without padding: the placeholder shown until the photo arrives.';
comment on column public.post.camera_lens is 'Lens model from the photo''s EXIF.';
comment on column public.post.exposure_time is 'Exposure time in seconds from the photo''s EXIF (1/250 s is 0.004).';
comment on column public.post.f_number is 'Aperture (f-number) from the photo''s EXIF.';
comment on column public.post.iso is 'ISO sensitivity from the photo''s EXIF.';
comment on column public.post.focal_length is 'Focal length in millimetres from the photo''s EXIF (not the 35 mm equivalent).';

-- post_create, redefined with the new values (20261124000300_post_create_rpc.sql has the rest of the story).
-- The new parameters come last with defaults, so a function deployed before this migration (which sends
-- only the first eleven) keeps creating posts, without placeholders or the new details.
drop function public.post_create(uuid, uuid, uuid, text, integer, integer, public.photo_type, text, text, text, uuid[]);

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
  p_focal_length double precision default null
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
                           description, camera_make, camera_model, has_uploaded_photo,
                           thumbhash, camera_lens, exposure_time, f_number, iso, focal_length)
  values (p_id, p_group_id, p_author_id, p_file_name, p_width, p_height, p_photo_type,
          p_description, p_camera_make, p_camera_model, true,
          p_thumbhash, p_camera_lens, p_exposure_time, p_f_number, p_iso, p_focal_length);
  insert into public.post_category (post_id, category_id)
  select p_id, c from (select distinct unnest(coalesce(p_category_ids, '{}')) as c) as categories;
  return 'created';
end
$$;

-- Sets the placeholder of a post stored before it was computed (supabase/backfill/placeholders.ts); never
-- replaces one already there. True when it set it.
create function public.post_set_thumbhash(p_id uuid, p_thumbhash text) returns boolean
language sql volatile security definer set search_path = ''
as $$
  with updated as (
    update public.post set thumbhash = p_thumbhash where id = p_id and thumbhash is null returning 1
  )
  select exists (select 1 from updated)
$$;

-- As before: only the service role (the edge function, the backfill) may call them.
revoke all on function public.post_create(uuid, uuid, uuid, text, integer, integer, public.photo_type, text, text, text, uuid[],
  text, text, double precision, double precision, integer, double precision)
  from public, anon, authenticated;
revoke all on function public.post_set_thumbhash(uuid, text) from public, anon, authenticated;
grant execute on function public.post_create(uuid, uuid, uuid, text, integer, integer, public.photo_type, text, text, text, uuid[],
  text, text, double precision, double precision, integer, double precision)
  to service_role;
grant execute on function public.post_set_thumbhash(uuid, text) to service_role;
