-- The post modal shows its exact position in a group ("3 of 500") before every page is loaded, so the post
-- collection opts in to pg_graphql's totalCount (a count(*) under the same filter and RLS as the page).
-- pg_graphql reads the directive from anywhere in the comment, so the table's description stays.
comment on table public.post is e'One photograph posted into a group. @graphql({"totalCount": {"enabled": true}})';
