-- Public profiles: the name shown beside a post and in member lists, never the e-mail address. Every account
-- gets one when it is created (trigger on auth.users); its owner may rename it. Readable by everyone, as
-- public profile names are on Flickr or Pixelfed.

create table public.profile (
  id uuid primary key references auth.users (id) on delete cascade,
  display_name text not null check (char_length(btrim(display_name)) between 1 and 60 and char_length(display_name) <= 60),
  created_at timestamptz not null default now()
);
comment on table public.profile is 'The public face of an account: the name shown beside its posts and in member lists.';

-- The name a new account starts with: the display_name it signed up with, else the local part of its e-mail,
-- cut to the column's limit. Never null: an account with neither is called 'Member'.
create function private.initial_display_name(p_email text, p_meta jsonb) returns text
language sql immutable set search_path = ''
as $$
  select left(coalesce(
    nullif(btrim(p_meta ->> 'display_name'), ''),
    nullif(btrim(split_part(coalesce(p_email, ''), '@', 1)), ''),
    'Member'
  ), 60)
$$;

-- SECURITY DEFINER: auth.users is written by the auth server's role, which has no rights on public.profile.
create function private.create_profile_for_new_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.profile (id, display_name)
  values (new.id, private.initial_display_name(new.email, new.raw_user_meta_data))
  on conflict (id) do nothing;
  return new;
end $$;

create trigger create_profile_for_new_user
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

-- Accounts that existed before this migration.
insert into public.profile (id, display_name, created_at)
select u.id, private.initial_display_name(u.email, u.raw_user_meta_data), coalesce(u.created_at, now())
from auth.users u
on conflict (id) do nothing;

-- Privileges: everyone reads; a signed-in user may change only the name of their own profile.
revoke all on table public.profile from anon, authenticated;
grant select on table public.profile to anon, authenticated;
grant update (display_name) on table public.profile to authenticated;
grant all on table public.profile to service_role;

alter table public.profile enable row level security;

create policy "profile: readable by everyone"
  on public.profile for select to anon, authenticated
  using (true);

create policy "profile: its owner renames it"
  on public.profile for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- A post's author as pg_graphql sees it: Post.author (the profile) and Profile.posts. The existing key to
-- auth.users stays (auth is not exposed); this one only adds the relation the API can follow.
alter table public.post
  add constraint post_author_id_profile_fkey foreign key (author_id) references public.profile (id) on delete cascade;
comment on constraint post_author_id_profile_fkey on public.post
  is e'@graphql({"foreign_name": "author", "local_name": "posts"})';
