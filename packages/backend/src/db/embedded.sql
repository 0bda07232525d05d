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

-- Realtime (src/realtime): the changes the websocket's postgres_changes subscribers may be sent. Supabase reads
-- them from the write-ahead log; here a trigger on each table of the supabase_realtime publication writes each
-- row change to realtime_change and NOTIFYs its transaction's id, in commit order, on both PGlite and
-- PostgreSQL. Rows are read right after their commit and pruned minutes later (src/realtime/repository.ts).
create table if not exists embedded_backend.realtime_change (
  id bigserial primary key,
  -- The writing transaction: the one notification it sends names it, so its rows are read together.
  tx xid8 not null default pg_current_xact_id(),
  changed_at timestamptz not null default clock_timestamp(),
  schema_name name not null,
  table_name name not null,
  action text not null check (action in ('INSERT', 'UPDATE', 'DELETE')),
  -- The new row (INSERT, UPDATE) and the whole old row (UPDATE, DELETE), as to_jsonb writes them: what
  -- Supabase sends is cut to the replica identity and to each subscriber's column privileges when sent.
  record jsonb,
  old_record jsonb
);
create index if not exists realtime_change_tx_idx on embedded_backend.realtime_change (tx);

-- UTC and PostgreSQL's interval style whatever the writing session set: the values are sent as written here.
create or replace function embedded_backend.realtime_capture() returns trigger
language plpgsql security definer
set search_path = '' set "TimeZone" = 'UTC' set "IntervalStyle" = 'postgres'
as $$
begin
  insert into embedded_backend.realtime_change (schema_name, table_name, action, record, old_record)
  values (
    tg_table_schema, tg_table_name, tg_op,
    case when tg_op <> 'DELETE' then pg_catalog.to_jsonb(new) end,
    case when tg_op <> 'INSERT' then pg_catalog.to_jsonb(old) end
  );
  -- One notification per transaction: PostgreSQL folds identical ones.
  perform pg_catalog.pg_notify('embedded_backend_realtime', pg_catalog.pg_current_xact_id()::text);
  return null;
end $$;
revoke all on function embedded_backend.realtime_capture() from public;

-- Puts the capture trigger on exactly the tables of the supabase_realtime publication (tables a migration
-- added, or one run since); returns them.
create or replace function embedded_backend.realtime_capture_published()
returns table (schema_name name, table_name name)
language plpgsql
set search_path = ''
as $$
declare
  t record;
begin
  -- Two backends starting on one PostgreSQL must not both create a trigger.
  perform pg_catalog.pg_advisory_xact_lock(7270202);
  for t in
    select c.oid::regclass as rel
    from pg_catalog.pg_publication_tables p
    join pg_catalog.pg_namespace n on n.nspname = p.schemaname
    join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime' and p.schemaname <> 'embedded_backend'
      and not exists (
        select from pg_catalog.pg_trigger g where g.tgrelid = c.oid and g.tgname = 'embedded_backend_realtime'
      )
  loop
    execute format(
      'create trigger embedded_backend_realtime after insert or update or delete on %s '
      'for each row execute function embedded_backend.realtime_capture()', t.rel);
  end loop;
  for t in
    select g.tgrelid::regclass as rel
    from pg_catalog.pg_trigger g
    join pg_catalog.pg_class c on c.oid = g.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where g.tgname = 'embedded_backend_realtime'
      and not exists (
        select from pg_catalog.pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname
      )
  loop
    execute format('drop trigger embedded_backend_realtime on %s', t.rel);
  end loop;
  return query
    select p.schemaname, p.tablename from pg_catalog.pg_publication_tables p
    where p.pubname = 'supabase_realtime' and p.schemaname <> 'embedded_backend';
end $$;
revoke all on function embedded_backend.realtime_capture_published() from public;

-- Why a postgres_changes filter cannot be applied for `p_role` (as hosted Realtime's
-- realtime.subscription_check_filters words it), or null when it can.
create or replace function embedded_backend.realtime_filter_error(
  p_schema text, p_table text, p_role text, p_column text, p_op text, p_value text
) returns text
language plpgsql
as $$
declare
  v_rel regclass := pg_catalog.to_regclass(pg_catalog.format('%I.%I', p_schema, p_table));
  v_type text;
  v_values jsonb;
begin
  select pg_catalog.format_type(a.atttypid, a.atttypmod) into v_type
  from pg_catalog.pg_attribute a
  where a.attrelid = v_rel and a.attname = p_column and a.attnum > 0 and not a.attisdropped
    and pg_catalog.has_column_privilege(p_role, v_rel, a.attnum, 'SELECT');
  if v_type is null then
    return pg_catalog.format('invalid column for filter %s', p_column);
  end if;
  begin
    if p_op = 'in' then
      execute pg_catalog.format('select pg_catalog.to_jsonb(%L::%s[])', p_value, v_type) into v_values;
      if coalesce(pg_catalog.jsonb_array_length(v_values), 0) > 100 then
        return 'too many values for `in` filter. Maximum 100';
      end if;
    else
      execute pg_catalog.format('select %L::%s', p_value, v_type);
    end if;
  exception when others then
    return sqlerrm;
  end;
  return null;
end $$;
revoke all on function embedded_backend.realtime_filter_error(text, text, text, text, text, text) from public;

-- The facts the realtime service decides a change's delivery by (src/realtime/service.ts), in one call. The
-- caller runs it in a REPEATABLE READ transaction, so that every statement here sees the same rows.
--   rls:     whether the change's table has row level security enabled;
--   filters: per filter {column, op, value}, whether the row passes it: for INSERT and UPDATE the row as it is
--            now, for DELETE the old row's replica identity columns (what hosted Realtime has of it);
--   roles:   per role of p_roles, whether it bypasses row level security, whether it may select the primary
--            key, and the payload it may be sent, in hosted Realtime's shape cut to the columns it may select:
--            for INSERT and UPDATE the row as it is now (the change's values, or newer ones if it changed
--            again before this check), for UPDATE and DELETE the old record's replica identity, only the
--            primary key on a table with row level security;
--   visible: for INSERT and UPDATE, per audience {role, settings: [[name, value], ...], filters: [index, ...] |
--            null} that wants the change (no filter, or one that passed): whether that caller, its role and
--            claims set as for its requests (src/db/open.ts callerSettings), can select the row now. False
--            when the row is gone, or the check fails.
create or replace function embedded_backend.realtime_check(
  p_change_id bigint, p_filters jsonb, p_roles text[], p_audiences jsonb
) returns table (
  rls boolean, filters boolean[], roles_bypass_rls boolean[], roles_select_key boolean[], payloads text[],
  visible boolean[]
)
language plpgsql
-- As the rows were written (realtime_capture), so that values read now are spelled alike.
set "TimeZone" = 'UTC' set "IntervalStyle" = 'postgres'
as $$
declare
  v_change embedded_backend.realtime_change;
  v_rel regclass;
  v_relname text;
  v_key text[];
  v_key_sql text;
  v_identity text[];
  v_old jsonb;
  v_current jsonb;
  v_target jsonb;
  v_filter jsonb;
  v_pass boolean;
  v_type text;
  v_role text;
  v_columns text[];
  v_payload jsonb;
  v_audience jsonb;
  v_seen boolean;
  v_wanted boolean;
  v_role_at int;
begin
  select * into v_change from embedded_backend.realtime_change c where c.id = p_change_id;
  if not found then return; end if;
  v_rel := pg_catalog.to_regclass(pg_catalog.format('%I.%I', v_change.schema_name, v_change.table_name));
  if v_rel is null then return; end if;
  v_relname := pg_catalog.format('%I.%I', v_change.schema_name, v_change.table_name);
  select c.relrowsecurity into rls from pg_catalog.pg_class c where c.oid = v_rel;
  select coalesce(pg_catalog.array_agg(a.attname::text order by a.attnum), '{}') into v_key
  from pg_catalog.pg_index i
  join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
  where i.indrelid = v_rel and i.indisprimary;
  -- The replica identity: the old values PostgreSQL logs (default: the primary key; FULL: every column).
  select case c.relreplident
      when 'f' then (select pg_catalog.array_agg(k) from pg_catalog.jsonb_object_keys(v_change.old_record) k)
      when 'n' then '{}'::text[]
      when 'i' then (
        select pg_catalog.array_agg(a.attname::text)
        from pg_catalog.pg_index i
        join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
        where i.indrelid = v_rel and i.indisreplident)
      else v_key
    end into v_identity
  from pg_catalog.pg_class c where c.oid = v_rel;
  v_old := (
    select coalesce(pg_catalog.jsonb_object_agg(e.key, e.value), '{}')
    from pg_catalog.jsonb_each(v_change.old_record) e where e.key = any (coalesce(v_identity, '{}'))
  );
  if v_change.action <> 'DELETE' then
    v_key_sql := (
      select pg_catalog.string_agg(pg_catalog.format('%I = %L::%s', a.attname, v_change.record ->> a.attname::text,
                                                     pg_catalog.format_type(a.atttypid, a.atttypmod)), ' and ')
      from pg_catalog.pg_attribute a where a.attrelid = v_rel and a.attname = any (v_key));
    if v_key_sql is not null then
      execute pg_catalog.format('select pg_catalog.to_jsonb(t) from %s t where %s', v_relname, v_key_sql)
        into v_current;
    end if;
  end if;
  v_target := case when v_change.action = 'DELETE' then v_old else v_current end;

  filters := '{}';
  for i in 0 .. coalesce(pg_catalog.jsonb_array_length(p_filters), 0) - 1 loop
    v_filter := p_filters -> i;
    v_pass := false;
    select pg_catalog.format_type(a.atttypid, a.atttypmod) into v_type
    from pg_catalog.pg_attribute a
    where a.attrelid = v_rel and a.attname = v_filter ->> 'column' and a.attnum > 0 and not a.attisdropped;
    if v_type is not null and v_target ? (v_filter ->> 'column') then
      begin
        execute pg_catalog.format(
          'select (pg_catalog.jsonb_populate_record(null::%s, $1)).%I %s %s',
          v_relname, v_filter ->> 'column',
          case v_filter ->> 'op'
            when 'eq' then '=' when 'neq' then '<>' when 'lt' then '<' when 'lte' then '<='
            when 'gt' then '>' when 'gte' then '>=' when 'in' then '= any' end,
          case when v_filter ->> 'op' = 'in'
            then pg_catalog.format('(%L::%s[])', v_filter ->> 'value', v_type)
            else pg_catalog.format('(%L::%s)', v_filter ->> 'value', v_type) end)
        into v_pass using v_target;
      exception when others then
        v_pass := false;
      end;
    end if;
    filters := filters || coalesce(v_pass, false);
  end loop;

  roles_bypass_rls := '{}';
  roles_select_key := '{}';
  payloads := '{}';
  foreach v_role in array p_roles loop
    roles_bypass_rls := roles_bypass_rls
      || coalesce((select r.rolbypassrls or r.rolsuper from pg_catalog.pg_roles r where r.rolname = v_role), false);
    roles_select_key := roles_select_key || (
      pg_catalog.cardinality(v_key) > 0
      and (select pg_catalog.bool_and(pg_catalog.has_column_privilege(v_role, v_rel, k, 'SELECT'))
           from pg_catalog.unnest(v_key) k));
    select coalesce(pg_catalog.array_agg(a.attname::text order by a.attnum), '{}') into v_columns
    from pg_catalog.pg_attribute a
    where a.attrelid = v_rel and a.attnum > 0 and not a.attisdropped
      and pg_catalog.has_column_privilege(v_role, v_rel, a.attnum, 'SELECT');
    v_payload := pg_catalog.jsonb_build_object(
      'schema', v_change.schema_name,
      'table', v_change.table_name,
      'commit_timestamp', pg_catalog.to_char(v_change.changed_at at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'type', v_change.action,
      'columns', (
        select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_object('name', a.attname, 'type', t.typname)
                                             order by a.attnum), '[]')
        from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
        where a.attrelid = v_rel and a.attname = any (v_columns)),
      'errors', null);
    if v_change.action <> 'DELETE' then
      v_payload := v_payload || pg_catalog.jsonb_build_object('record', (
        select coalesce(pg_catalog.jsonb_object_agg(e.key, e.value), '{}')
        from pg_catalog.jsonb_each(v_current) e where e.key = any (v_columns)));
    end if;
    if v_change.action <> 'INSERT' then
      v_payload := v_payload || pg_catalog.jsonb_build_object('old_record', (
        select coalesce(pg_catalog.jsonb_object_agg(e.key, e.value), '{}')
        from pg_catalog.jsonb_each(v_old) e
        where e.key = any (v_columns) and (not rls or e.key = any (v_key))));
    end if;
    payloads := payloads || v_payload::text;
  end loop;

  visible := '{}';
  if v_change.action = 'DELETE' then return next; return; end if;
  for i in 0 .. coalesce(pg_catalog.jsonb_array_length(p_audiences), 0) - 1 loop
    v_audience := p_audiences -> i;
    v_wanted := pg_catalog.jsonb_typeof(v_audience -> 'filters') is distinct from 'array' or exists (
      select from pg_catalog.jsonb_array_elements_text(v_audience -> 'filters') f where filters[f::int + 1]);
    v_role_at := pg_catalog.array_position(p_roles, v_audience ->> 'role');
    if not v_wanted or v_role_at is null or not roles_select_key[v_role_at] or v_current is null then
      visible := visible || false;
      continue;
    end if;
    begin
      for j in 0 .. pg_catalog.jsonb_array_length(v_audience -> 'settings') - 1 loop
        perform pg_catalog.set_config(v_audience -> 'settings' -> j ->> 0, v_audience -> 'settings' -> j ->> 1, true);
      end loop;
      perform pg_catalog.set_config('role', v_audience ->> 'role', true);
      execute pg_catalog.format('select exists (select from %s where %s)', v_relname, v_key_sql) into v_seen;
      perform pg_catalog.set_config('role', 'none', true);
      visible := visible || coalesce(v_seen, false);
    exception when others then
      -- The subtransaction's end undid the role and settings too.
      visible := visible || false;
    end;
  end loop;
  return next;
end $$;
revoke all on function embedded_backend.realtime_check(bigint, jsonb, text[], jsonb) from public;
