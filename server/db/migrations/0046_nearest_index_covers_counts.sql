-- A radius's count from the index alone (ADR 0067, fourth amendment). Since migration 0045 the
-- count tests the radius's box, gender, ages and orientation inside `profiles_nearest_idx`, but
-- still read the table once for every member the index kept: for the visibility check and for
-- the exact distance, which the box cannot test. Up to its cap of 1,000 that was 1,000 or more
-- random reads of the table (20–25 ms for 500 miles around Edinburgh at 1M members, most of a
-- distance-sorted search's p99).
--
-- The same index with the columns its conditions are computed from as INCLUDE columns: the place
-- (latitude, longitude) and who the member is (gender, seeking, sexuality, date of birth).
-- PostgreSQL uses an index-only scan only when every column a statement names is
-- in the index, and it does not count an expression key (`member_point(latitude, longitude)`) as
-- holding its columns; with them included, the count is an index-only scan (3–5 ms for the same
-- count) and the page's walk too. The keys and their order are unchanged, so the walks return the
-- same members in the same order. `cube` stores its values unchanged in GiST, so PostgreSQL can
-- return them from the index; btree_gist has its fetch functions.
--
-- Only conditions on keys can be index conditions: the btree indexes still serve the searches
-- without a place, whose gender and ages are keys there and only INCLUDE columns here. The site's
-- niches are left out on purpose: with them, a niche site's count without a place became an
-- index-only scan of a whole country in this index (20 ms for one gender in Denmark), where the
-- btree indexes find it by country and gender; a niche site's radius count reads the table as before.
DROP INDEX "profiles_nearest_idx";--> statement-breakpoint
CREATE INDEX "profiles_nearest_idx" ON "profiles" USING gist ("country","region",member_point("latitude", "longitude"),"last_active_at","id",member_who("gender", "seeking", "sexuality", "date_of_birth")) INCLUDE ("latitude","longitude","gender","seeking","sexuality","date_of_birth") WHERE "profiles"."visible";--> statement-breakpoint
-- With seeking and sexuality in the GiST index, PostgreSQL took it for a member's count without a
-- radius too (the orientation rule names them), scanning a whole country there (8–33 ms for one
-- gender and an age range in Denmark). The btree indexes those counts walk include them as well,
-- so the count is an index-only scan of the country and gender there (0.9 ms), as it was not
-- before either (it read the table for each member to test the rule).
DROP INDEX "profiles_search_idx";--> statement-breakpoint
CREATE INDEX "profiles_search_idx" ON "profiles" USING btree ("country","gender","last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"date_of_birth") INCLUDE ("seeking","sexuality") WHERE "profiles"."visible";--> statement-breakpoint
DROP INDEX "profiles_search_region_idx";--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("country","region","gender","last_active_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"date_of_birth") INCLUDE ("seeking","sexuality") WHERE "profiles"."visible";
