-- The embedded backend's own bookkeeping: things a Supabase project keeps outside Postgres (its mail
-- provider's outbox). Not visible to the API roles. Idempotent: applied at every start.
create schema if not exists embedded_backend;
revoke all on schema embedded_backend from public;

-- Every e-mail the backend "sends": the local mailbox (GET /mailbox).
create table if not exists embedded_backend.mailbox (
  id bigserial primary key,
  sent_at timestamptz not null default now(),
  to_address text not null,
  subject text not null,
  body_text text not null,
  body_html text not null,
  -- The links the message carries (confirmation URL ...), for people and tests.
  links jsonb not null default '[]'::jsonb,
  kind text not null
);
create index if not exists mailbox_to_idx on embedded_backend.mailbox (lower(to_address), id desc);
