-- Who may see and write what. Written once here and enforced wherever the database is reached: the
-- GraphQL API, storage, the handle-post-create function (which asks can_post_in_group as the caller).
--
--   * public groups, their category links and their uploaded posts: everyone, signed in or not;
--   * a private group, its posts, category links and photos: its members only;
--   * a post without its photo yet (has_uploaded_photo false): its author only;
--   * clients write nothing directly; posts are created by handle-post-create with the service role;
--   * posting: any signed-in user into a public group, only members into a private one.

-- Helpers ---------------------------------------------------------------------------------------------
-- SECURITY DEFINER so policies can ask about membership without recursing into group_member's own
-- policy; search_path is empty so every name is schema-qualified and cannot be hijacked. They live in
-- schema private, which neither pg_graphql nor PostgREST exposes. Each answers only about the caller.

grant usage on schema private to anon, authenticated, service_role;

-- The groups the caller belongs to.
create function private.my_group_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(m.group_id), '{}')
  from public.group_member m
  where m.user_id = auth.uid()
$$;

-- The groups the caller may see: every public group and the private ones they belong to.
-- Policies call it as `(select private.viewable_group_ids())` so it runs once per statement, not per row.
create function private.viewable_group_ids() returns uuid[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(g.id), '{}')
  from public."group" g
  where not g.is_private
     or exists (select 1 from public.group_member m where m.group_id = g.id and m.user_id = auth.uid())
$$;

create function private.is_group_member(p_group_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.group_member m where m.group_id = p_group_id and m.user_id = auth.uid()
  )
$$;

create function private.can_view_group(p_group_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public."group" g
    where g.id = p_group_id and (not g.is_private or private.is_group_member(g.id))
  )
$$;

-- May the caller post into this group? A signed-in user: any public group, or a private one they belong to.
create function private.can_post_in_group(p_group_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select auth.uid() is not null
     and exists (
       select 1 from public."group" g
       where g.id = p_group_id and (not g.is_private or private.is_group_member(g.id))
     )
$$;

-- The post id of a storage object name posts/{postId}/{file}, or null for any other name (never an error,
-- whatever a caller puts in a path).
create function private.post_id_from_object_name(p_name text) returns uuid
language sql immutable set search_path = ''
as $$
  select case
    when p_name ~ '^posts/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/[^/]+$'
      then split_part(p_name, '/', 2)::uuid
  end
$$;

grant execute on function
  private.my_group_ids(),
  private.viewable_group_ids(),
  private.is_group_member(uuid),
  private.can_view_group(uuid),
  private.can_post_in_group(uuid),
  private.post_id_from_object_name(text)
to anon, authenticated, service_role;

-- Privileges: the API roles read; only the service role (and the owner) write ----------------------------
revoke all on table
  public."group", public.category, public.group_category, public.post, public.post_category, public.group_member
from anon, authenticated;
grant select on table
  public."group", public.category, public.group_category, public.post, public.post_category, public.group_member
to anon, authenticated;
grant all on table
  public."group", public.category, public.group_category, public.post, public.post_category, public.group_member
to service_role;

alter table public."group" enable row level security;
alter table public.category enable row level security;
alter table public.group_category enable row level security;
alter table public.post enable row level security;
alter table public.post_category enable row level security;
alter table public.group_member enable row level security;

-- Policies --------------------------------------------------------------------------------------------
-- Only SELECT policies exist for anon and authenticated: with RLS on and no INSERT/UPDATE/DELETE policy,
-- those are refused even if a privilege were granted by mistake.

create policy "group: public ones, and private ones to their members"
  on public."group" for select to anon, authenticated
  using (not is_private or id = any ((select private.my_group_ids())::uuid[]));

create policy "category: readable by everyone"
  on public.category for select to anon, authenticated
  using (true);

create policy "group_category: where the group is visible"
  on public.group_category for select to anon, authenticated
  using (group_id = any ((select private.viewable_group_ids())::uuid[]));

create policy "post: uploaded posts of visible groups; authors see their own in progress"
  on public.post for select to anon, authenticated
  using (
    group_id = any ((select private.viewable_group_ids())::uuid[])
    and (has_uploaded_photo or author_id = (select auth.uid()))
  );

-- The post's own policy decides: the subquery on post is itself filtered by RLS.
create policy "post_category: where the post is visible"
  on public.post_category for select to anon, authenticated
  using (exists (select 1 from public.post p where p.id = post_id));

create policy "group_member: own rows, and the members of one's groups"
  on public.group_member for select to authenticated
  using (user_id = (select auth.uid()) or group_id = any ((select private.my_group_ids())::uuid[]));
