-- Groups people run themselves: create a group, invite into a private one by link, join and leave a public
-- one, manage members and roles, edit and remove posts, delete a group.
--
-- Every rule lives here, in SECURITY DEFINER functions of schema public that pg_graphql exposes (volatile
-- ones as Mutation fields, stable ones as Query fields; `_name(row)` functions as fields of that row's type).
-- Each function checks the caller (auth.uid()) itself; clients still write no table directly. Refusals raise
-- a stable code as the message (`invitation_expired`, ...); packages/contracts turns each code into words
-- (GROUP_RULE_MESSAGES), and a test checks that every code raised here has its words there.
--
-- Roles in group_member: owner (one per group: transfers ownership, deletes the group), admin (invites,
-- removes members and posts, promotes and demotes admins), member.
--
-- Deleting a post (directly, or with its group or its author's account) queues its stored photo in
-- public.photo_deletion, in the same transaction; the storage API removes queued objects (edge functions
-- delete-post and delete-group drain the queue). Direct SQL deletes from storage.objects are refused on
-- hosted Supabase, so the queue is what keeps a photo from outliving its post on both backends.

-- Limits (the same numbers are in packages/contracts GROUP_LIMITS; a test holds them equal) ----------------
create function private.group_limit(p_name text) returns integer
language sql immutable set search_path = ''
as $$
  select case p_name
    when 'name_max' then 100
    when 'description_max' then 2000
    when 'owned_groups_max' then 20
    when 'open_invitations_max' then 50
    when 'invitation_hours_max' then 720
    when 'invitation_uses_max' then 1000
    when 'categories_max' then 12
  end
$$;

-- Members are shown with their public profile ---------------------------------------------------------
alter table public.group_member
  add constraint group_member_user_id_profile_fkey foreign key (user_id) references public.profile (id) on delete cascade;
comment on constraint group_member_user_id_profile_fkey on public.group_member
  is e'@graphql({"foreign_name": "profile", "local_name": "memberships"})';

-- One owner per group (ownership moves with transfer_group_ownership).
create unique index group_member_one_owner_idx on public.group_member (group_id) where role = 'owner';

-- Invitations ------------------------------------------------------------------------------------------
create table public.group_invitation (
  id uuid primary key default gen_random_uuid(),
  group_id uuid not null references public."group" (id) on delete cascade,
  -- 64 hex digits from two random UUIDs (244 random bits): the secret part of the link.
  token text not null unique default replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
    check (token ~ '^[0-9a-f]{64}$'),
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  max_uses integer check (max_uses is null or max_uses >= 1),
  use_count integer not null default 0 check (use_count >= 0),
  revoked_at timestamptz
);
comment on table public.group_invitation is 'A link that lets whoever holds it join a private group.';
create index group_invitation_group_id_idx on public.group_invitation (group_id, created_at desc);

-- Photos whose posts are gone, waiting for the storage API to remove them ---------------------------------
create table public.photo_deletion (
  bucket_id text not null,
  name text not null,
  queued_at timestamptz not null default now(),
  primary key (bucket_id, name)
);
comment on table public.photo_deletion is 'Stored photos of deleted posts, removed through the storage API.';

create function private.queue_photo_deletion() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.photo_deletion (bucket_id, name)
  values ('photography', 'posts/' || old.id::text || '/' || old.file_name)
  on conflict do nothing;
  return old;
end $$;

create trigger queue_photo_deletion
  after delete on public.post
  for each row execute function private.queue_photo_deletion();

-- Helpers (schema private: not exposed) -----------------------------------------------------------------
create function private.my_role(p_group_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select m.role from public.group_member m where m.group_id = p_group_id and m.user_id = auth.uid()
$$;

create function private.can_manage_group(p_group_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(private.my_role(p_group_id) in ('owner', 'admin'), false)
$$;

create function private.require_user() returns uuid
language plpgsql stable set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'not_signed_in';
  end if;
  return auth.uid();
end $$;

-- The group the caller may see, locked for the rest of the transaction, or group_not_found.
create function private.visible_group_for_update(p_group_id uuid) returns public."group"
language plpgsql security definer set search_path = ''
as $$
declare
  g public."group";
begin
  select * into g from public."group" where id = p_group_id for update;
  if not found or (g.is_private and private.my_role(g.id) is null) then
    raise exception 'group_not_found';
  end if;
  return g;
end $$;

-- The caller's role in a group they can see; refuses callers below `p_needed` (admin: owner or admin).
create function private.require_role(p_group_id uuid, p_needed text) returns text
language plpgsql security definer set search_path = ''
as $$
declare
  r text := private.my_role(p_group_id);
begin
  perform private.visible_group_for_update(p_group_id);
  if p_needed = 'owner' and r is distinct from 'owner' then
    raise exception 'not_group_owner';
  elsif p_needed = 'admin' and coalesce(r not in ('owner', 'admin'), true) then
    raise exception 'not_group_manager';
  elsif p_needed = 'member' and r is null then
    raise exception 'not_group_member';
  end if;
  return r;
end $$;

-- The name and description a group may have, trimmed, or the reason it may not.
create function private.checked_group_text(p_name text, p_description text, out name text, out description text)
language plpgsql immutable set search_path = ''
as $$
begin
  name := btrim(coalesce(p_name, ''));
  description := btrim(coalesce(p_description, ''));
  if name = '' then
    raise exception 'group_name_required';
  elsif char_length(name) > private.group_limit('name_max') then
    raise exception 'group_name_too_long';
  elsif char_length(description) > private.group_limit('description_max') then
    raise exception 'group_description_too_long';
  end if;
end $$;

-- Replaces a group's categories with p_category_ids (every one must exist); posts lose the links to the
-- categories the group no longer offers.
create function private.set_group_categories(p_group_id uuid, p_category_ids uuid[]) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  wanted uuid[] := array(select distinct c from unnest(coalesce(p_category_ids, '{}')) c where c is not null);
begin
  if cardinality(wanted) > private.group_limit('categories_max') then
    raise exception 'too_many_categories';
  end if;
  if (select count(*) from public.category c where c.id = any (wanted)) <> cardinality(wanted) then
    raise exception 'category_not_found';
  end if;
  delete from public.post_category pc
  using public.post p
  where p.id = pc.post_id and p.group_id = p_group_id and not (pc.category_id = any (wanted));
  delete from public.group_category gc where gc.group_id = p_group_id and not (gc.category_id = any (wanted));
  insert into public.group_category (group_id, category_id)
  select p_group_id, c from unnest(wanted) c
  on conflict do nothing;
end $$;

-- Groups ------------------------------------------------------------------------------------------------
create function public.create_group(display_name text, description text default '', is_private boolean default false,
                                    category_ids uuid[] default '{}')
returns public."group"
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := private.require_user();
  checked record;
  g public."group";
begin
  checked := private.checked_group_text(create_group.display_name, create_group.description);
  if (select count(*) from public.group_member m where m.user_id = me and m.role = 'owner')
     >= private.group_limit('owned_groups_max') then
    raise exception 'too_many_groups';
  end if;
  insert into public."group" (display_name, description, is_private)
  values (checked.name, checked.description, coalesce(create_group.is_private, false))
  returning * into g;
  insert into public.group_member (group_id, user_id, role) values (g.id, me, 'owner');
  perform private.set_group_categories(g.id, create_group.category_ids);
  return g;
end $$;
comment on function public.create_group is
  e'@graphql({"description": "Creates a group with the caller as its owner."})';

create function public.update_group(group_id uuid, display_name text default null, description text default null,
                                    category_ids uuid[] default null)
returns public."group"
language plpgsql volatile security definer set search_path = ''
as $$
declare
  g public."group";
  checked record;
begin
  perform private.require_user();
  perform private.require_role(update_group.group_id, 'admin');
  select * into g from public."group" where id = update_group.group_id;
  checked := private.checked_group_text(coalesce(update_group.display_name, g.display_name),
                                        coalesce(update_group.description, g.description));
  update public."group" set display_name = checked.name, description = checked.description
  where id = g.id returning * into g;
  if update_group.category_ids is not null then
    perform private.set_group_categories(g.id, update_group.category_ids);
  end if;
  return g;
end $$;
comment on function public.update_group is
  e'@graphql({"description": "Owners and admins change the name, description or categories (null: unchanged)."})';

create function public.delete_group(group_id uuid) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_user();
  perform private.require_role(delete_group.group_id, 'owner');
  -- Members, invitations, category links and posts go by cascade; each post queues its photo.
  delete from public."group" where id = delete_group.group_id;
  return true;
end $$;
comment on function public.delete_group is
  e'@graphql({"description": "The owner deletes the group with everything in it."})';

-- Membership --------------------------------------------------------------------------------------------
create function public.join_group(group_id uuid) returns public.group_member
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := private.require_user();
  g public."group" := private.visible_group_for_update(join_group.group_id);
  m public.group_member;
begin
  if g.is_private then
    -- Only members see a private group, and they are members already.
    raise exception 'group_is_private';
  end if;
  insert into public.group_member (group_id, user_id, role) values (g.id, me, 'member')
  on conflict on constraint group_member_pkey do nothing;
  select * into m from public.group_member where group_member.group_id = g.id and user_id = me;
  return m;
end $$;
comment on function public.join_group is e'@graphql({"description": "Joins a public group."})';

create function public.leave_group(group_id uuid) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := private.require_user();
  r text := private.require_role(leave_group.group_id, 'member');
begin
  if r = 'owner' then
    -- A group always has its owner: hand it over (transfer_group_ownership) or delete the group.
    raise exception 'last_owner_cannot_leave';
  end if;
  delete from public.group_member where group_member.group_id = leave_group.group_id and user_id = me;
  return true;
end $$;
comment on function public.leave_group is e'@graphql({"description": "Leaves a group (not as its owner)."})';

-- The target member row of another user, locked; refuses the caller themselves and unknown users.
create function private.other_member_for_update(p_group_id uuid, p_user_id uuid) returns public.group_member
language plpgsql security definer set search_path = ''
as $$
declare
  m public.group_member;
begin
  if p_user_id = auth.uid() then
    raise exception 'cannot_change_self';
  end if;
  select * into m from public.group_member where group_id = p_group_id and user_id = p_user_id for update;
  if not found then
    raise exception 'member_not_found';
  end if;
  return m;
end $$;

create function public.remove_group_member(group_id uuid, user_id uuid) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  r text;
  target public.group_member;
begin
  perform private.require_user();
  r := private.require_role(remove_group_member.group_id, 'admin');
  target := private.other_member_for_update(remove_group_member.group_id, remove_group_member.user_id);
  if target.role = 'owner' then
    raise exception 'cannot_remove_owner';
  elsif target.role = 'admin' and r <> 'owner' then
    raise exception 'only_owner_removes_admins';
  end if;
  delete from public.group_member m
  where m.group_id = remove_group_member.group_id and m.user_id = remove_group_member.user_id;
  return true;
end $$;
comment on function public.remove_group_member is
  e'@graphql({"description": "Owners remove admins and members; admins remove members."})';

create function public.set_group_member_role(group_id uuid, user_id uuid, role text) returns public.group_member
language plpgsql volatile security definer set search_path = ''
as $$
declare
  target public.group_member;
begin
  perform private.require_user();
  perform private.require_role(set_group_member_role.group_id, 'admin');
  if set_group_member_role.role is null or set_group_member_role.role not in ('admin', 'member') then
    raise exception 'invalid_role';
  end if;
  target := private.other_member_for_update(set_group_member_role.group_id, set_group_member_role.user_id);
  if target.role = 'owner' then
    raise exception 'cannot_change_owner_role';
  end if;
  update public.group_member m set role = set_group_member_role.role
  where m.group_id = target.group_id and m.user_id = target.user_id
  returning * into target;
  return target;
end $$;
comment on function public.set_group_member_role is
  e'@graphql({"description": "Owners and admins make a member an admin (role admin) or an admin a member (role member)."})';

create function public.transfer_group_ownership(group_id uuid, user_id uuid) returns public.group_member
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := private.require_user();
  target public.group_member;
begin
  perform private.require_role(transfer_group_ownership.group_id, 'owner');
  target := private.other_member_for_update(transfer_group_ownership.group_id, transfer_group_ownership.user_id);
  -- The old owner steps down to admin first: one owner per group at every moment.
  update public.group_member m set role = 'admin'
  where m.group_id = transfer_group_ownership.group_id and m.user_id = me;
  update public.group_member m set role = 'owner'
  where m.group_id = target.group_id and m.user_id = target.user_id
  returning * into target;
  return target;
end $$;
comment on function public.transfer_group_ownership is
  e'@graphql({"description": "The owner hands the group to another member and becomes an admin."})';

-- Invitations -------------------------------------------------------------------------------------------
create function public.create_group_invitation(group_id uuid, expires_in_hours integer default 168,
                                               max_uses integer default null)
returns public.group_invitation
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := private.require_user();
  g public."group";
  inv public.group_invitation;
begin
  perform private.require_role(create_group_invitation.group_id, 'admin');
  select * into g from public."group" where id = create_group_invitation.group_id;
  if not g.is_private then
    raise exception 'invitations_private_only';
  end if;
  if create_group_invitation.expires_in_hours is null or create_group_invitation.expires_in_hours < 1
     or create_group_invitation.expires_in_hours > private.group_limit('invitation_hours_max') then
    raise exception 'invitation_expiry_invalid';
  end if;
  if create_group_invitation.max_uses is not null and (create_group_invitation.max_uses < 1
     or create_group_invitation.max_uses > private.group_limit('invitation_uses_max')) then
    raise exception 'invitation_max_uses_invalid';
  end if;
  if (select count(*) from public.group_invitation i
      where i.group_id = g.id and i.revoked_at is null and i.expires_at > now()
        and (i.max_uses is null or i.use_count < i.max_uses)) >= private.group_limit('open_invitations_max') then
    raise exception 'too_many_invitations';
  end if;
  insert into public.group_invitation (group_id, created_by, expires_at, max_uses)
  values (g.id, me, now() + make_interval(hours => create_group_invitation.expires_in_hours),
          create_group_invitation.max_uses)
  returning * into inv;
  return inv;
end $$;
comment on function public.create_group_invitation is
  e'@graphql({"description": "Owners and admins of a private group create an invitation link."})';

create function public.revoke_group_invitation(invitation_id uuid) returns public.group_invitation
language plpgsql volatile security definer set search_path = ''
as $$
declare
  inv public.group_invitation;
begin
  perform private.require_user();
  select * into inv from public.group_invitation where id = revoke_group_invitation.invitation_id for update;
  if not found or not private.can_manage_group(inv.group_id) then
    raise exception 'invitation_not_found';
  end if;
  update public.group_invitation set revoked_at = coalesce(revoked_at, now())
  where id = inv.id returning * into inv;
  return inv;
end $$;
comment on function public.revoke_group_invitation is
  e'@graphql({"description": "Owners and admins revoke an invitation link."})';

-- What an invitation link leads to, or why it no longer works: valid, expired, revoked, used_up, not_found.
create function private.invitation_status(inv public.group_invitation) returns text
language sql stable set search_path = ''
as $$
  select case
    when inv.id is null then 'not_found'
    when inv.revoked_at is not null then 'revoked'
    when inv.expires_at <= now() then 'expired'
    when inv.max_uses is not null and inv.use_count >= inv.max_uses then 'used_up'
    else 'valid'
  end
$$;

-- For the invitation landing page, signed in or not: the token is the secret, so its holder may learn the
-- group's name and whether the link still works. Nothing else about the group.
create function public.group_invitation_preview(token text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  inv public.group_invitation;
  g public."group";
begin
  select * into inv from public.group_invitation i where i.token = group_invitation_preview.token;
  if not found then
    return jsonb_build_object('status', 'not_found');
  end if;
  select * into g from public."group" where id = inv.group_id;
  return jsonb_build_object(
    'status', private.invitation_status(inv),
    'group_id', g.id,
    'group_name', g.display_name,
    'expires_at', inv.expires_at,
    'is_member', private.my_role(g.id) is not null
  );
end $$;
comment on function public.group_invitation_preview is
  e'@graphql({"description": "The group an invitation link leads to and whether it still works (status valid, expired, revoked, used_up or not_found)."})';

create function public.accept_group_invitation(token text) returns public.group_member
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := private.require_user();
  inv public.group_invitation;
  m public.group_member;
  status text;
begin
  select * into inv from public.group_invitation i where i.token = accept_group_invitation.token for update;
  if not found then
    raise exception 'invitation_not_found';
  end if;
  select * into m from public.group_member gm where gm.group_id = inv.group_id and gm.user_id = me;
  if found then
    return m; -- already a member: nothing to use up
  end if;
  status := private.invitation_status(inv);
  if status <> 'valid' then
    raise exception 'invitation_%', status;
  end if;
  update public.group_invitation set use_count = use_count + 1 where id = inv.id;
  insert into public.group_member (group_id, user_id, role) values (inv.group_id, me, 'member')
  returning * into m;
  return m;
end $$;
comment on function public.accept_group_invitation is
  e'@graphql({"description": "The signed-in caller joins the group of a valid invitation link."})';

-- Posts -------------------------------------------------------------------------------------------------
create function public.update_post(post_id uuid, description text default null,
                                   photo_type public.photo_type default null, category_ids uuid[] default null)
returns public.post
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := private.require_user();
  p public.post;
  wanted uuid[];
begin
  select * into p from public.post where id = update_post.post_id for update;
  if not found or not private.can_view_group(p.group_id) then
    raise exception 'post_not_found';
  end if;
  if p.author_id <> me then
    raise exception 'not_post_author';
  end if;
  if update_post.description is not null and char_length(btrim(update_post.description)) > 200 then
    raise exception 'post_description_too_long';
  end if;
  update public.post set
    description = case when update_post.description is null then post.description
                       else nullif(btrim(update_post.description), '') end,
    photo_type = coalesce(update_post.photo_type, post.photo_type)
  where id = p.id
  returning * into p;
  if update_post.category_ids is not null then
    wanted := array(select distinct c from unnest(update_post.category_ids) c where c is not null);
    if (select count(*) from public.group_category gc where gc.group_id = p.group_id and gc.category_id = any (wanted))
       <> cardinality(wanted) then
      raise exception 'category_not_offered';
    end if;
    delete from public.post_category pc where pc.post_id = p.id and not (pc.category_id = any (wanted));
    insert into public.post_category (post_id, category_id) select p.id, c from unnest(wanted) c on conflict do nothing;
  end if;
  return p;
end $$;
comment on function public.update_post is
  e'@graphql({"description": "The author changes the description (empty: none), photo type or categories (null: unchanged)."})';

create function public.delete_post(post_id uuid) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := private.require_user();
  p public.post;
begin
  select * into p from public.post where id = delete_post.post_id for update;
  if not found or not private.can_view_group(p.group_id) or (not p.has_uploaded_photo and p.author_id <> me) then
    raise exception 'post_not_found';
  end if;
  if p.author_id <> me and not private.can_manage_group(p.group_id) then
    raise exception 'cannot_remove_post';
  end if;
  delete from public.post where id = p.id; -- queues the photo (trigger queue_photo_deletion)
  return true;
end $$;
comment on function public.delete_post is
  e'@graphql({"description": "The author, or an owner or admin of its group, deletes a post; its photo is queued for removal."})';

-- Computed fields on group (pg_graphql: functions taking the row, named with a leading underscore) ---------
create function public._my_role(g public."group") returns text
language sql stable security definer set search_path = ''
as $$ select private.my_role(g.id) $$;
comment on function public._my_role is
  e'@graphql({"description": "The caller''s role in the group (owner, admin, member), or null."})';

create function public._member_count(g public."group") returns integer
language sql stable security definer set search_path = ''
as $$
  -- Only for a group the caller can see (a function can be called with any row value).
  select case when private.can_view_group(g.id)
    then (select count(*)::int from public.group_member m where m.group_id = g.id) end
$$;
comment on function public._member_count is e'@graphql({"description": "How many members the group has."})';

-- Privileges --------------------------------------------------------------------------------------------
-- Functions: nothing for PUBLIC (PostgreSQL's default) nor, from Supabase's default privileges, for anon.
revoke all on function
  public.create_group(text, text, boolean, uuid[]),
  public.update_group(uuid, text, text, uuid[]),
  public.delete_group(uuid),
  public.join_group(uuid),
  public.leave_group(uuid),
  public.remove_group_member(uuid, uuid),
  public.set_group_member_role(uuid, uuid, text),
  public.transfer_group_ownership(uuid, uuid),
  public.create_group_invitation(uuid, integer, integer),
  public.revoke_group_invitation(uuid),
  public.accept_group_invitation(text),
  public.update_post(uuid, text, public.photo_type, uuid[]),
  public.delete_post(uuid),
  public.group_invitation_preview(text),
  public._my_role(public."group"),
  public._member_count(public."group")
from public, anon, authenticated;
grant execute on function
  public.create_group(text, text, boolean, uuid[]),
  public.update_group(uuid, text, text, uuid[]),
  public.delete_group(uuid),
  public.join_group(uuid),
  public.leave_group(uuid),
  public.remove_group_member(uuid, uuid),
  public.set_group_member_role(uuid, uuid, text),
  public.transfer_group_ownership(uuid, uuid),
  public.create_group_invitation(uuid, integer, integer),
  public.revoke_group_invitation(uuid),
  public.accept_group_invitation(text),
  public.update_post(uuid, text, public.photo_type, uuid[]),
  public.delete_post(uuid),
  public._my_role(public."group")
to authenticated, service_role;
-- The landing page and the group cards work signed out too.
grant execute on function
  public.group_invitation_preview(text),
  public._member_count(public."group")
to anon, authenticated, service_role;

revoke all on function
  private.group_limit(text), private.queue_photo_deletion(), private.my_role(uuid), private.can_manage_group(uuid),
  private.require_user(), private.visible_group_for_update(uuid), private.require_role(uuid, text),
  private.checked_group_text(text, text), private.set_group_categories(uuid, uuid[]),
  private.other_member_for_update(uuid, uuid), private.invitation_status(public.group_invitation)
from public, anon, authenticated;
grant execute on function private.my_role(uuid), private.can_manage_group(uuid) to anon, authenticated, service_role;

-- Tables: invitations are read by the owners and admins of their group; the deletion queue by the service
-- role only. Neither is written by clients.
revoke all on table public.group_invitation, public.photo_deletion from anon, authenticated;
grant select on table public.group_invitation to authenticated;
grant all on table public.group_invitation, public.photo_deletion to service_role;
alter table public.group_invitation enable row level security;
alter table public.photo_deletion enable row level security;

create policy "group_invitation: owners and admins of its group"
  on public.group_invitation for select to authenticated
  using (private.can_manage_group(group_id));
