-- Distance-first discovery (ADR 0067). A member's place as a point in space on a sphere of the
-- earth's radius (km): the straight-line distance between two such points (cube's `<->`) grows
-- with the great-circle distance, so ordering by it is ordering by distance, and a GiST index
-- on it walks members nearest first. STRICT: a profile without a place has no point (NULL).
-- `public.cube`: index builds run with a search path of pg_catalog only (PostgreSQL 17).
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE OR REPLACE FUNCTION member_point(latitude double precision, longitude double precision) RETURNS cube
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT public.cube(ARRAY[
    6371 * cos(radians(latitude)) * cos(radians(longitude)),
    6371 * cos(radians(latitude)) * sin(radians(longitude)),
    6371 * sin(radians(latitude))]) $$;--> statement-breakpoint
CREATE INDEX "profiles_place_idx" ON "profiles" USING gist (member_point("latitude", "longitude")) WHERE "profiles"."visible";
