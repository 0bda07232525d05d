-- Whether the caller has an open report on a post or a comment (issue 26, item 3: one open report per person
-- per item), so the screens say "Reported" instead of offering a form the database would refuse
-- (already_reported). Only the caller's own reports are looked at: who reported stays unreadable to everyone
-- else (content_report.reporter_id is granted to no client). Two names, not one overloaded function:
-- pg_graphql does not expose overloaded functions.

create function public._reported_by_me(p public.post) returns boolean
language sql stable security definer set search_path = ''
as $$
  select auth.uid() is not null
     and exists (
       select 1 from public.content_report r
       where r.post_id = p.id and r.comment_id is null and r.reporter_id = auth.uid()
     )
$$;
comment on function public._reported_by_me(public.post) is
  e'@graphql({"description": "Whether the caller has an open report on the post."})';

create function public._comment_reported_by_me(c public.post_comment) returns boolean
language sql stable security definer set search_path = ''
as $$
  select auth.uid() is not null
     and exists (
       select 1 from public.content_report r
       where r.comment_id = c.id and r.reporter_id = auth.uid()
     )
$$;
comment on function public._comment_reported_by_me(public.post_comment) is
  e'@graphql({"description": "Whether the caller has an open report on the comment."})';

revoke all on function public._reported_by_me(public.post), public._comment_reported_by_me(public.post_comment)
from public, anon, authenticated;
-- A comment list is read signed out too (the answer is then false); the post's is asked only signed in.
grant execute on function public._comment_reported_by_me(public.post_comment) to anon, authenticated, service_role;
grant execute on function public._reported_by_me(public.post) to authenticated, service_role;
