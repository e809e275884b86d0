-- Messages partitioned by month (ADR 0080), step 2 of 2: one short transaction, metadata only.
-- The table becomes the partition of everything before the cutover; new messages go to monthly
-- partitions. Chat waits for the lock at most lock_timeout; run again if it gives up.
--   psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -v cutover='2027-01-01 00:00+00' -f deploy/partition-messages/2-cutover.sql
begin;
set local lock_timeout = '5s';
lock table messages in access exclusive mode;

alter table messages rename to messages_history;
alter index messages_pkey rename to messages_history_pkey;
alter index messages_conversation_idx rename to messages_history_conversation_idx;
alter index messages_created_brin rename to messages_history_created_brin;
alter index messages_sender_client_key rename to messages_history_sender_client_key;
alter index messages_id_created_key rename to messages_history_id_created_key;
alter index messages_sender_client_created_key rename to messages_history_sender_client_created_key;
alter index messages_sender_client_idx rename to messages_history_sender_client_idx;
-- Routed rows never reach this trigger; the parent's own counts them.
drop trigger messages_mark_activity_week on messages_history;

-- PostgreSQL 15 has no identity column on a partitioned table (17 has): a sequence that goes on
-- where the identity stopped.
create temporary table rdv_messages_numbering on commit drop as select last_value, is_called from messages_id_seq;
alter table messages_history alter column id drop identity;
create sequence messages_id_seq as bigint;
select setval('messages_id_seq', last_value, is_called) from rdv_messages_numbering;

create table messages (like messages_history including defaults including storage) partition by range (created_at);
alter table messages alter column id set default nextval('messages_id_seq');
alter sequence messages_id_seq owned by messages.id;
-- Every unique key of a partitioned table includes the partition key: the idempotency key
-- (sender, client id) is guaranteed within a month by the index and across months by the send
-- path's own look-up under the sender's lock (chat-send.repository.ts).
alter table messages add constraint messages_pkey primary key (id, created_at);
create unique index messages_sender_client_created_key on messages (sender_id, client_id, created_at);
create index messages_conversation_idx on messages (conversation_id, id);
create index messages_created_brin on messages using brin (created_at);
create index messages_sender_client_idx on messages (sender_id, client_id);
alter table messages add constraint messages_conversation_id_conversations_id_fk foreign key (conversation_id) references conversations (id) on delete cascade;
alter table messages add constraint messages_sender_id_users_id_fk foreign key (sender_id) references users (id) on delete cascade;
create trigger messages_mark_activity_week after insert on messages referencing new table as new_rows
  for each statement execute function member_activity_from_messages();

-- The history becomes the first partition; its validated check spares the scan. Its key
-- becomes (id, created_at), from the index step 1 built, as the parent's.
alter table messages_history drop constraint messages_history_pkey;
alter table messages_history add constraint messages_history_pkey primary key using index messages_history_id_created_key;
alter table messages attach partition messages_history for values from (minvalue) to (:'cutover');
alter table messages_history drop constraint messages_before_cutover;

-- One partition per month from the cutover; the worker (or cron) adds the next ones ahead.
create or replace function rdv_add_messages_month(month_start timestamptz) returns void language plpgsql as $$
declare
  name text := 'messages_' || to_char(month_start at time zone 'UTC', 'YYYY_MM');
begin
  execute format('create table if not exists %I partition of messages for values from (%L) to (%L)',
    name, month_start, (month_start at time zone 'UTC' + interval '1 month') at time zone 'UTC');
end $$;
select rdv_add_messages_month(((:'cutover'::timestamptz at time zone 'UTC') + make_interval(months => n)) at time zone 'UTC') from generate_series(0, 2) n;
commit;
