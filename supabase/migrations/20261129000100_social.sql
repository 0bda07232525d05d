-- A group that talks back: likes, comments and reports on posts.
--
-- As in 20261124000200_groups.sql, clients write no table directly: every change goes through a SECURITY
-- DEFINER function of schema public (a Mutation field in pg_graphql) that checks the caller itself and
-- refuses with a stable code as the message; packages/contracts (SOCIAL_RULE_MESSAGES) has the words for
-- each code, and a backend test holds the two lists equal. Reading goes through the tables under row level
-- security, whose policies ask the same rule functions as the mutations (20261127000100_rules_once.sql).
--
-- Counts live on the post (like_count, comment_count), kept by triggers in the same transaction: a page of
-- posts reads them with no extra query per post, and Realtime sends one post UPDATE that carries both, so an
-- open group page corrects its counts whatever changed them (a like, an unlike, a removed comment).

-- Limits (the same numbers are in packages/contracts SOCIAL_LIMITS; a test holds them equal) ----------------
create function private.social_limit(p_name text) returns integer
language sql immutable set search_path = ''
as $$
  select case p_name
    when 'comment_max' then 1000
    when 'comments_per_minute' then 20
    when 'likes_per_minute' then 120
    when 'report_details_max' then 500
    when 'reports_per_hour' then 20
  end
$$;

-- The rules ---------------------------------------------------------------------------------------------
-- May the user like and comment in the group? Its members may (a public group's visitors join first, as on
-- Flickr groups), so a private group's thread is written by the people it is shared with only.
create function private.user_can_take_part(p_group_id uuid, p_user_id uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select private.user_is_group_member(p_group_id, p_user_id)
$$;

-- The finished post the caller may see, or post_not_found (a post in a private group they are not in looks
-- missing, as the group does).
create function private.visible_post(p_post_id uuid) returns public.post
language plpgsql stable security definer set search_path = ''
as $$
declare
  p public.post;
begin
  select * into p from public.post where id = p_post_id;
  if not found or not p.has_uploaded_photo or not private.can_view_group(p.group_id) then
    raise exception 'post_not_found';
  end if;
  return p;
end $$;

-- The caller, who must be signed in and a member of the post's group.
create function private.require_participant(p_group_id uuid) returns uuid
language plpgsql stable security definer set search_path = ''
as $$
declare
  me uuid := private.require_user();
begin
  if not private.user_can_take_part(p_group_id, me) then
    raise exception 'join_to_take_part';
  end if;
  return me;
end $$;

-- A comment's text as stored (outer blank space trimmed, line breaks inside kept), or the reason it may not be.
create function private.checked_comment_body(p_body text) returns text
language plpgsql immutable set search_path = ''
as $$
declare
  body text := btrim(coalesce(p_body, ''), e' \t\r\n');
begin
  if body = '' then
    raise exception 'comment_empty';
  elsif char_length(body) > private.social_limit('comment_max') then
    raise exception 'comment_too_long';
  end if;
  return body;
end $$;

-- Likes -------------------------------------------------------------------------------------------------
alter table public.post
  add column like_count integer not null default 0 check (like_count >= 0),
  add column comment_count integer not null default 0 check (comment_count >= 0);

create table public.post_like (
  post_id uuid not null references public.post (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (post_id, user_id)
);
comment on table public.post_like is 'One person likes one post (at most once).';
create index post_like_user_recent_idx on public.post_like (user_id, created_at);
-- Post.post_likeCollection { profile { display_name } }: who liked it, by their public names.
alter table public.post_like
  add constraint post_like_user_id_profile_fkey foreign key (user_id) references public.profile (id) on delete cascade;
comment on constraint post_like_user_id_profile_fkey on public.post_like
  is e'@graphql({"foreign_name": "profile", "local_name": "likes"})';

-- The caller likes (true) or stops liking (false) a post; idempotent, so a double tap or a retry lands where
-- the last tap meant. Answers the post with its new count.
create function public.set_post_like(post_id uuid, liked boolean) returns public.post
language plpgsql volatile security definer set search_path = ''
as $$
declare
  p public.post := private.visible_post(set_post_like.post_id);
  me uuid := private.require_participant(p.group_id);
begin
  if set_post_like.liked then
    if not exists (select 1 from public.post_like l where l.post_id = p.id and l.user_id = me) then
      if (select count(*) from public.post_like l where l.user_id = me and l.created_at > now() - interval '1 minute')
         >= private.social_limit('likes_per_minute') then
        raise exception 'like_rate_limited';
      end if;
      insert into public.post_like (post_id, user_id) values (p.id, me) on conflict do nothing;
    end if;
  else
    delete from public.post_like l where l.post_id = p.id and l.user_id = me;
  end if;
  select * into p from public.post where id = p.id;
  return p;
end $$;
comment on function public.set_post_like is
  e'@graphql({"description": "A member likes (liked: true) or stops liking (false) a post; answers the post."})';

-- Comments ----------------------------------------------------------------------------------------------
create table public.post_comment (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.post (id) on delete cascade,
  -- The post's group, so the policy and a live page's subscription (group_id=eq.…) need no join.
  group_id uuid not null references public."group" (id) on delete cascade,
  -- Null once the author's account is deleted: the thread stays readable ("deleted account").
  author_id uuid references auth.users (id) on delete set null,
  body text not null check (char_length(body) between 1 and 1000),
  created_at timestamptz not null default now(),
  edited_at timestamptz
);
comment on table public.post_comment is
  e'A comment under a post, newest last. @graphql({"totalCount": {"enabled": true}})';
create index post_comment_post_idx on public.post_comment (post_id, created_at, id);
create index post_comment_author_recent_idx on public.post_comment (author_id, created_at);
alter table public.post_comment
  add constraint post_comment_author_id_profile_fkey foreign key (author_id) references public.profile (id) on delete set null;
comment on constraint post_comment_author_id_profile_fkey on public.post_comment
  is e'@graphql({"foreign_name": "author", "local_name": "comments"})';
comment on constraint post_comment_post_id_fkey on public.post_comment
  is e'@graphql({"foreign_name": "post", "local_name": "comments"})';

create function public.add_comment(post_id uuid, body text) returns public.post_comment
language plpgsql volatile security definer set search_path = ''
as $$
declare
  p public.post := private.visible_post(add_comment.post_id);
  me uuid := private.require_participant(p.group_id);
  checked text := private.checked_comment_body(add_comment.body);
  c public.post_comment;
begin
  if (select count(*) from public.post_comment x where x.author_id = me and x.created_at > now() - interval '1 minute')
     >= private.social_limit('comments_per_minute') then
    raise exception 'comment_rate_limited';
  end if;
  insert into public.post_comment (post_id, group_id, author_id, body) values (p.id, p.group_id, me, checked)
  returning * into c;
  return c;
end $$;
comment on function public.add_comment is
  e'@graphql({"description": "A member of the post''s group comments on it (plain text, 1 to 1000 characters)."})';

-- The comment the caller may see, locked, or comment_not_found.
create function private.visible_comment_for_update(p_comment_id uuid) returns public.post_comment
language plpgsql security definer set search_path = ''
as $$
declare
  c public.post_comment;
begin
  select * into c from public.post_comment where id = p_comment_id for update;
  if not found then
    raise exception 'comment_not_found';
  end if;
  perform private.visible_post(c.post_id);
  return c;
exception when raise_exception then
  raise exception 'comment_not_found';
end $$;

create function public.edit_comment(comment_id uuid, body text) returns public.post_comment
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := private.require_user();
  c public.post_comment := private.visible_comment_for_update(edit_comment.comment_id);
begin
  if c.author_id is distinct from me then
    raise exception 'not_comment_author';
  end if;
  update public.post_comment x set body = private.checked_comment_body(edit_comment.body), edited_at = now()
  where x.id = c.id returning * into c;
  return c;
end $$;
comment on function public.edit_comment is e'@graphql({"description": "The author changes the text of their comment."})';

create function public.delete_comment(comment_id uuid) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := private.require_user();
  c public.post_comment := private.visible_comment_for_update(delete_comment.comment_id);
begin
  if c.author_id is distinct from me and not private.can_manage_group(c.group_id) then
    raise exception 'cannot_remove_comment';
  end if;
  delete from public.post_comment x where x.id = c.id;
  return true;
end $$;
comment on function public.delete_comment is
  e'@graphql({"description": "The author, or an owner or admin of the group, deletes a comment."})';

-- The counts on the post ---------------------------------------------------------------------------------
create function private.count_social_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  delta integer := case tg_op when 'INSERT' then 1 else -1 end;
  target uuid := case tg_op when 'INSERT' then new.post_id else old.post_id end;
begin
  if tg_table_name = 'post_like' then
    update public.post set like_count = greatest(like_count + delta, 0) where id = target;
  else
    update public.post set comment_count = greatest(comment_count + delta, 0) where id = target;
  end if;
  return null;
end $$;
create trigger count_likes after insert or delete on public.post_like
  for each row execute function private.count_social_change();
create trigger count_comments after insert or delete on public.post_comment
  for each row execute function private.count_social_change();

-- Reports -----------------------------------------------------------------------------------------------
create table public.content_report (
  id uuid primary key default gen_random_uuid(),
  group_id uuid not null references public."group" (id) on delete cascade,
  -- The reported post, or the post of the reported comment (so the admin sees what it is about).
  post_id uuid not null references public.post (id) on delete cascade,
  comment_id uuid references public.post_comment (id) on delete cascade,
  -- Never readable by clients (see the column grants below): the reported person must not learn who it was.
  reporter_id uuid not null references auth.users (id) on delete cascade,
  reason text not null check (reason in ('spam', 'harassment', 'nudity', 'violence', 'copyright', 'other')),
  details text not null default '' check (char_length(details) <= 500),
  created_at timestamptz not null default now()
);
comment on table public.content_report is
  'A viewer asks the group''s owner and admins to look at a post or a comment; open until they act on it.';
-- One open report per person per item (a post, or one comment).
create unique index content_report_once_idx
  on public.content_report (reporter_id, post_id, coalesce(comment_id, '00000000-0000-0000-0000-000000000000'));
create index content_report_group_idx on public.content_report (group_id, created_at);
comment on constraint content_report_post_id_fkey on public.content_report
  is e'@graphql({"foreign_name": "post", "local_name": "reports"})';
comment on constraint content_report_comment_id_fkey on public.content_report
  is e'@graphql({"foreign_name": "comment", "local_name": "reports"})';

create function private.file_report(p_post public.post, p_comment_id uuid, p_reason text, p_details text)
returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  me uuid := private.require_user();
  details text := btrim(coalesce(p_details, ''));
begin
  if p_reason is null or p_reason not in ('spam', 'harassment', 'nudity', 'violence', 'copyright', 'other') then
    raise exception 'report_reason_unknown';
  elsif char_length(details) > private.social_limit('report_details_max') then
    raise exception 'report_details_too_long';
  elsif exists (select 1 from public.content_report r where r.reporter_id = me and r.post_id = p_post.id
                  and r.comment_id is not distinct from p_comment_id) then
    raise exception 'already_reported';
  elsif (select count(*) from public.content_report r where r.reporter_id = me and r.created_at > now() - interval '1 hour')
        >= private.social_limit('reports_per_hour') then
    raise exception 'report_rate_limited';
  end if;
  insert into public.content_report (group_id, post_id, comment_id, reporter_id, reason, details)
  values (p_post.group_id, p_post.id, p_comment_id, me, p_reason, details);
  return true;
end $$;

create function public.report_post(post_id uuid, reason text, details text default '') returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.require_user();
  return private.file_report(private.visible_post(report_post.post_id), null, report_post.reason, report_post.details);
end $$;
comment on function public.report_post is
  e'@graphql({"description": "A signed-in viewer asks the group''s owner and admins to look at a post."})';

create function public.report_comment(comment_id uuid, reason text, details text default '') returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  c public.post_comment;
begin
  perform private.require_user();
  c := private.visible_comment_for_update(report_comment.comment_id);
  return private.file_report(private.visible_post(c.post_id), c.id, report_comment.reason, report_comment.details);
end $$;
comment on function public.report_comment is
  e'@graphql({"description": "A signed-in viewer asks the group''s owner and admins to look at a comment."})';

-- An owner or admin closes a report without removing anything (removing goes through delete_post or
-- delete_comment, which take the item's reports with it).
create function public.dismiss_report(report_id uuid) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
declare
  r public.content_report;
begin
  perform private.require_user();
  select * into r from public.content_report x where x.id = dismiss_report.report_id for update;
  -- Reports are the managers' to see: to anyone else one looks missing.
  if not found or not private.can_manage_group(r.group_id) then
    raise exception 'report_not_found';
  end if;
  delete from public.content_report x where x.id = r.id;
  return true;
end $$;
comment on function public.dismiss_report is
  e'@graphql({"description": "An owner or admin of the group closes a report, leaving the content as it is."})';

-- Computed fields ---------------------------------------------------------------------------------------
create function public._liked_by_me(p public.post) returns boolean
language sql stable security definer set search_path = ''
as $$
  select auth.uid() is not null
     and exists (select 1 from public.post_like l where l.post_id = p.id and l.user_id = auth.uid())
$$;
comment on function public._liked_by_me is e'@graphql({"description": "Whether the caller likes the post."})';

-- Whether the caller may like and comment here (members), so the screens offer the box or "Join to comment".
create function public._can_take_part(g public."group") returns boolean
language sql stable security definer set search_path = ''
as $$
  select private.user_can_take_part(g.id, auth.uid())
$$;
comment on function public._can_take_part is
  e'@graphql({"description": "Whether the caller may like posts and comment in the group (its members)."})';

-- Open reports per group, for the owner's and admins' badge (null for everyone else).
create function public._open_report_count(g public."group") returns integer
language sql stable security definer set search_path = ''
as $$
  select case when private.can_manage_group(g.id)
    then (select count(*)::int from public.content_report r where r.group_id = g.id) end
$$;
comment on function public._open_report_count is
  e'@graphql({"description": "Open reports in the group, for its owner and admins; null for everyone else."})';

-- Privileges and policies -------------------------------------------------------------------------------
revoke all on table public.post_like, public.post_comment, public.content_report from anon, authenticated;
grant select on table public.post_like, public.post_comment to anon, authenticated;
grant select (id, group_id, post_id, comment_id, reason, details, created_at) on table public.content_report to authenticated;
grant all on table public.post_like, public.post_comment, public.content_report to service_role;

alter table public.post_like enable row level security;
alter table public.post_comment enable row level security;
alter table public.content_report enable row level security;

-- The post's own policy decides: the subquery on post is itself filtered by RLS.
create policy "post_like: where the post is visible"
  on public.post_like for select to anon, authenticated
  using (exists (select 1 from public.post p where p.id = post_id));
create policy "post_comment: where the post is visible"
  on public.post_comment for select to anon, authenticated
  using (exists (select 1 from public.post p where p.id = post_id));
create policy "content_report: the owner and admins of its group"
  on public.content_report for select to authenticated
  using (private.can_manage_group(group_id));

revoke all on function
  public.set_post_like(uuid, boolean),
  public.add_comment(uuid, text),
  public.edit_comment(uuid, text),
  public.delete_comment(uuid),
  public.report_post(uuid, text, text),
  public.report_comment(uuid, text, text),
  public.dismiss_report(uuid),
  public._liked_by_me(public.post),
  public._can_take_part(public."group"),
  public._open_report_count(public."group")
from public, anon, authenticated;
grant execute on function
  public.set_post_like(uuid, boolean),
  public.add_comment(uuid, text),
  public.edit_comment(uuid, text),
  public.delete_comment(uuid),
  public.report_post(uuid, text, text),
  public.report_comment(uuid, text, text),
  public.dismiss_report(uuid),
  public._open_report_count(public."group")
to authenticated, service_role;
-- Signed out, the heart and the comment box still need their answers (false): the page works for visitors.
grant execute on function public._liked_by_me(public.post), public._can_take_part(public."group")
to anon, authenticated, service_role;

revoke all on function
  private.social_limit(text), private.visible_post(uuid), private.require_participant(uuid),
  private.checked_comment_body(text), private.visible_comment_for_update(uuid), private.count_social_change(),
  private.file_report(public.post, uuid, text, text)
from public, anon, authenticated;
revoke all on function private.user_can_take_part(uuid, uuid) from public, anon, authenticated;
grant execute on function private.user_can_take_part(uuid, uuid) to service_role;

-- Realtime: an open group page hears new posts and changed counts; an open post hears its comments.
alter publication supabase_realtime add table public.post, public.post_comment;
