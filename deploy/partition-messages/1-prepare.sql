-- Messages partitioned by month (ADR 0080), step 1 of 2: no lock that stops the chat.
-- Builds, without blocking writes, the unique indexes the partitioned table's keys need on the
-- table that becomes its first partition, and proves that every row predates the cutover, so
-- step 2 attaches it without scanning it. Run it days before the cutover, after a backup:
--   psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -v cutover='2027-01-01 00:00+00' -f deploy/partition-messages/1-prepare.sql
-- Step 2 must run before the cutover moment: from then on, new messages would fail the check.
create unique index concurrently if not exists messages_id_created_key on messages (id, created_at);
create unique index concurrently if not exists messages_sender_client_created_key on messages (sender_id, client_id, created_at);
create index concurrently if not exists messages_sender_client_idx on messages (sender_id, client_id);
alter table messages add constraint messages_before_cutover check (created_at < :'cutover'::timestamptz) not valid;
alter table messages validate constraint messages_before_cutover;
