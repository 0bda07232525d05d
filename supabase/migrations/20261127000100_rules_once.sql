-- Each permission rule once, for any user. The row level security helpers of
-- 20261122000100_row_level_security.sql answer for the caller (auth.uid()); the post-create RPC of
-- 20261124000300_post_create_rpc.sql answers for the user the edge function verified. Both now ask the
-- same functions below, so a change to a rule reaches the policies and the RPC alike
-- (supabase/tests/database/rls-matrix.ts checks that they agree for every caller and group).

-- Is the user a member of the group?
create function private.user_is_group_member(p_group_id uuid, p_user_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select p_user_id is not null and exists (
    select 1 from public.group_member m where m.group_id = p_group_id and m.user_id = p_user_id
  )
$$;

-- The viewing rule itself: every public group, and the private ones the user (null: a visitor) belongs to.
-- Written as an expression the planner inlines into the queries that call it (so neither SECURITY DEFINER nor
-- SET search_path, which would both stop inlining; every name is schema-qualified): viewable_group_ids then
-- costs what the rule written inline did (a membership look-up for private groups only).
create function private.group_visible_to(p_group_id uuid, p_is_private boolean, p_user_id uuid) returns boolean
language sql stable
as $$
  select not p_is_private or private.user_is_group_member(p_group_id, p_user_id)
$$;

-- May the user (null: a visitor) see the group?
create function private.user_can_view_group(p_group_id uuid, p_user_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public."group" g
    where g.id = p_group_id and private.group_visible_to(g.id, g.is_private, p_user_id)
  )
$$;

-- May the user post into the group? A signed-in user who may see it: any public group, or a private one
-- they belong to.
create function private.user_can_post_in_group(p_group_id uuid, p_user_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select p_user_id is not null and private.user_can_view_group(p_group_id, p_user_id)
$$;

-- The caller's answers, which the policies use, are the same rules for auth.uid().
create or replace function private.is_group_member(p_group_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select private.user_is_group_member(p_group_id, auth.uid())
$$;

create or replace function private.can_view_group(p_group_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select private.user_can_view_group(p_group_id, auth.uid())
$$;

create or replace function private.can_post_in_group(p_group_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select private.user_can_post_in_group(p_group_id, auth.uid())
$$;

-- Why the user may not create this post, or null when they may: 'not_signed_in', 'group_not_found' (a
-- group they may not post into looks missing, as a private group they are not in does), 'unknown_category'.
create or replace function private.post_create_refusal(p_author_id uuid, p_group_id uuid, p_category_ids uuid[])
returns text
language sql stable security definer set search_path = ''
as $$
  select case
    when p_author_id is null or not exists (select 1 from auth.users u where u.id = p_author_id)
      then 'not_signed_in'
    when not private.user_can_post_in_group(p_group_id, p_author_id)
      then 'group_not_found'
    when (select count(*) from public.group_category gc
           where gc.group_id = p_group_id and gc.category_id = any (coalesce(p_category_ids, '{}')))
         <> (select count(distinct c) from unnest(coalesce(p_category_ids, '{}')) as c)
      then 'unknown_category'
  end
$$;

-- Only the database's own functions call the rules for an arbitrary user: a client asking about someone
-- else's memberships would learn who belongs to a private group.
revoke all on function
  private.group_visible_to(uuid, boolean, uuid),
  private.user_is_group_member(uuid, uuid),
  private.user_can_view_group(uuid, uuid),
  private.user_can_post_in_group(uuid, uuid)
from public, anon, authenticated;
grant execute on function
  private.group_visible_to(uuid, boolean, uuid),
  private.user_is_group_member(uuid, uuid),
  private.user_can_view_group(uuid, uuid),
  private.user_can_post_in_group(uuid, uuid)
to service_role;

-- The groups the caller may see, for the policies that ask once per statement, by the same rule; and the
-- group table's own policy through it, instead of restating the rule inline.
create or replace function private.viewable_group_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(g.id), '{}') from public."group" g
  where private.group_visible_to(g.id, g.is_private, auth.uid())
$$;

alter policy "group: public ones, and private ones to their members" on public."group"
  using (id = any ((select private.viewable_group_ids())::uuid[]));
