-- The hosts' inbox starts from a site's fictional profiles (ADR 0028): a partial index holds just
-- those rows, so finding them never scans the members. The flag never changes, so the index
-- costs member writes nothing.
CREATE INDEX "users_fictional_idx" ON "users" USING btree ("site_id", "id") WHERE "is_fictional";
