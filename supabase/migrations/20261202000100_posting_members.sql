-- Posting needs membership (issue 28): a public group is open to see and to join in one tap, but only its
-- members post into it, as only they like and comment (20261129000100_social.sql). Before, any signed-in
-- person could post into any public group, so a group with eight photos could show "0 members".
-- The one rule of 20261127000100_rules_once.sql changes here, so the policies' helper
-- (private.can_post_in_group) and handle-post-create's RPC (private.post_create_refusal) change with it.

-- May the user post into the group? Its members may; a private group's members are the only ones who see it.
create or replace function private.user_can_post_in_group(p_group_id uuid, p_user_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select private.user_is_group_member(p_group_id, p_user_id)
$$;

-- Why the user may not create this post, or null when they may: 'not_signed_in'; 'group_not_found' (a group
-- they may not see looks missing, as a private group they are not in does); 'join_to_post' (a public group
-- they see but have not joined: the screen offers to join); 'unknown_category'.
create or replace function private.post_create_refusal(p_author_id uuid, p_group_id uuid, p_category_ids uuid[])
returns text
language sql stable security definer set search_path = ''
as $$
  select case
    when p_author_id is null or not exists (select 1 from auth.users u where u.id = p_author_id)
      then 'not_signed_in'
    when not private.user_can_view_group(p_group_id, p_author_id)
      then 'group_not_found'
    when not private.user_can_post_in_group(p_group_id, p_author_id)
      then 'join_to_post'
    when (select count(*) from public.group_category gc
           where gc.group_id = p_group_id and gc.category_id = any (coalesce(p_category_ids, '{}')))
         <> (select count(distinct c) from unnest(coalesce(p_category_ids, '{}')) as c)
      then 'unknown_category'
  end
$$;
