-- Public names are never derived from the e-mail address (issue 28, item 3). 20261124000100_profile.sql
-- named a new account after the local part of its e-mail ("gran-1795778146384"), and that name was shown to
-- everyone in member lists, under posts, in "liked by" and beside comments. Now an account without a chosen
-- name gets a neutral one made from its id ("Member 4F2A") and is asked once, after signing in, to choose
-- (packages/contracts profiles.ts holds the words and the limits). Accounts that still carry the e-mail's
-- local part get the same treatment, and a name they can change.

-- Has the owner settled on the name? False while it is the generated one they were never asked about; true
-- once they saved a name or chose to keep the generated one (skipping the prompt), so it is asked once.
alter table public.profile add column name_chosen boolean not null default true;
comment on column public.profile.name_chosen is
  'False until the owner saves a name or keeps the generated one; the site asks them once while it is false.';

-- Limits (the same number is PROFILE_LIMITS in packages/contracts; a test holds them equal).
create function private.profile_limit(p_name text) returns integer
language sql immutable set search_path = ''
as $$
  select case p_name when 'display_name_max' then 60 end
$$;

-- The neutral name of an account that has not chosen one: 'Member ' and the first four hex digits of its
-- id. Not unique, and not meant to be: it only has to say nothing about the person.
create function private.generated_display_name(p_user_id uuid) returns text
language sql immutable set search_path = ''
as $$
  select 'Member ' || upper(left(p_user_id::text, 4))
$$;

-- The name a person gives, trimmed, or the reason it may not be theirs.
create function private.checked_display_name(p_name text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  name text := btrim(coalesce(p_name, ''));
begin
  if name = '' then
    raise exception 'display_name_required';
  elsif char_length(name) > private.profile_limit('display_name_max') then
    raise exception 'display_name_too_long';
  end if;
  return name;
end $$;

-- A new account: the display_name it signed up with (trimmed and cut to the limit) counts as chosen; else
-- the generated name, to be asked about. The e-mail is no longer read at all.
create or replace function private.create_profile_for_new_user() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  given text := left(nullif(btrim(new.raw_user_meta_data ->> 'display_name'), ''), private.profile_limit('display_name_max'));
begin
  insert into public.profile (id, display_name, name_chosen)
  values (new.id, coalesce(given, private.generated_display_name(new.id)), given is not null)
  on conflict (id) do nothing;
  return new;
end $$;

-- The e-mail-derived rule is gone with its last caller.
drop function private.initial_display_name(text, jsonb);

-- Accounts that still carry their e-mail's local part (or the old fallback 'Member'): the generated name, to
-- be asked about. Everyone else signed up with a name or renamed themselves, so theirs stays chosen.
update public.profile p
set display_name = private.generated_display_name(p.id), name_chosen = false
from auth.users u
where u.id = p.id
  and (lower(p.display_name) = lower(left(btrim(split_part(coalesce(u.email, ''), '@', 1)), 60))
       or p.display_name = 'Member');
alter table public.profile alter column name_chosen set default false;

-- The owner's own changes go through the two functions below (one rule, refusal codes with words in
-- packages/contracts), not through UPDATE: a direct update could leave the name untrimmed or the prompt
-- unanswered. Reading stays open to everyone, as before.
revoke update on table public.profile from authenticated;

-- Sets the caller's public name and marks it chosen.
create function public.set_display_name(display_name text) returns public.profile
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := private.require_user();
  p public.profile;
begin
  update public.profile
  set display_name = private.checked_display_name(set_display_name.display_name), name_chosen = true
  where id = me
  returning * into p;
  return p;
end $$;
comment on function public.set_display_name is
  e'@graphql({"description": "The caller chooses the name others see (1-60 characters after trimming)."})';

-- The caller keeps the name they have (skipping the prompt): not asked again.
create function public.keep_display_name() returns public.profile
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := private.require_user();
  p public.profile;
begin
  update public.profile set name_chosen = true where id = me returning * into p;
  return p;
end $$;
comment on function public.keep_display_name is
  e'@graphql({"description": "The caller keeps their current name and is not asked for one again."})';

-- Privileges: nothing for PUBLIC (PostgreSQL's default) nor for anon; the rules are the database's own.
revoke all on function public.set_display_name(text), public.keep_display_name() from public, anon, authenticated;
grant execute on function public.set_display_name(text), public.keep_display_name() to authenticated, service_role;
revoke all on function
  private.profile_limit(text), private.generated_display_name(uuid), private.checked_display_name(text)
from public, anon, authenticated;
