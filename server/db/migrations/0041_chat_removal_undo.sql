-- Deleting a chat can be undone for a short while (issue 35): the removal keeps what the member
-- saw before it (how far their history reached, their unread count) and when it happened.
ALTER TABLE "conversation_states" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversation_states" ADD COLUMN "cleared_through_before_removal" bigint;--> statement-breakpoint
ALTER TABLE "conversation_states" ADD COLUMN "unread_before_removal" integer;
