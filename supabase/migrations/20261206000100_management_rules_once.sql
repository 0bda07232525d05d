-- The group-management rules once, for any user, as 20261127000100_rules_once.sql did for viewing and
-- posting: the user's role in a group, and whether it lets them manage the group (owner or admin). The
-- caller's helpers of 20261124000200_groups.sql (my_role, can_manage_group), which the policies and the
-- social rules use, and require_role and visible_group_for_update, which every management RPC calls, each
-- restated them; they now ask these (supabase/tests/database/rls-matrix.ts checks that the RPCs refuse exactly
-- where the rule does, for every caller and group).

-- The user's role in the group (owner, admin or member), or null when they are not in it (or a visitor).
create function private.user_group_role(p_group_id uuid, p_user_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select m.role from public.group_member m where m.group_id = p_group_id and m.user_id = p_user_id
$$;

-- May the user manage the group (its name, members, invitations, reports)? Its owner and its admins.
create function private.user_can_manage_group(p_group_id uuid, p_user_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(private.user_group_role(p_group_id, p_user_id) in ('owner', 'admin'), false)
$$;

create or replace function private.my_role(p_group_id uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select private.user_group_role(p_group_id, auth.uid())
$$;

create or replace function private.can_manage_group(p_group_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select private.user_can_manage_group(p_group_id, auth.uid())
$$;

-- The group the caller may see, locked for the rest of the transaction, or group_not_found: the viewing rule.
create or replace function private.visible_group_for_update(p_group_id uuid) returns public."group"
language plpgsql security definer set search_path = ''
as $$
declare
  g public."group";
begin
  select * into g from public."group" where id = p_group_id for update;
  if not found or not private.group_visible_to(g.id, g.is_private, auth.uid()) then
    raise exception 'group_not_found';
  end if;
  return g;
end $$;

-- The caller's role in a group they can see; refuses callers below `p_needed` (admin: whoever may manage it).
create or replace function private.require_role(p_group_id uuid, p_needed text) returns text
language plpgsql security definer set search_path = ''
as $$
declare
  r text := private.my_role(p_group_id);
begin
  perform private.visible_group_for_update(p_group_id);
  if p_needed = 'owner' and r is distinct from 'owner' then
    raise exception 'not_group_owner';
  elsif p_needed = 'admin' and not private.user_can_manage_group(p_group_id, auth.uid()) then
    raise exception 'not_group_manager';
  elsif p_needed = 'member' and r is null then
    raise exception 'not_group_member';
  end if;
  return r;
end $$;

-- As the other rules for an arbitrary user: only the database's own functions ask about someone else.
revoke all on function
  private.user_group_role(uuid, uuid),
  private.user_can_manage_group(uuid, uuid)
from public, anon, authenticated;
grant execute on function
  private.user_group_role(uuid, uuid),
  private.user_can_manage_group(uuid, uuid)
to service_role;
