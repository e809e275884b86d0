-- Nearest first in one index walk (ADR 0067 amended). The search's order is the distance, then
-- the most recently active, then the newest id: members of one city share its point, so the
-- ties are many (10,000 at a big city's centre in the search bench). A GiST index orders by
-- several distances at once, each key after the one before, so this index returns that whole
-- order by itself: `<->` on the point, and btree_gist's `<->` on the time (from a far future
-- day) and on the id (from the largest id). Its first keys, the country and the region, keep a
-- search in one country, or one of its regions, inside it: the place index alone passed every
-- nearer member of the searcher's own part of the world first (Berlin to the United States: all
-- of Europe). It replaces that index, which served only the distance.
-- `btree_gist` gives GiST those other keys; PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
DROP INDEX IF EXISTS "profiles_place_idx";--> statement-breakpoint
CREATE INDEX "profiles_nearest_idx" ON "profiles" USING gist ("country","region",member_point("latitude", "longitude"),"last_active_at","id") WHERE "profiles"."visible";
