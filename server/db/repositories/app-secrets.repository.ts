import { eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { appSecrets } from '../schema/index';

export function createAppSecretsRepository(db: Executor) {
  return {
    /**
     * Returns the stored value, storing `candidate` first when there is none. Two instances
     * booting together both end up with the value that won the insert.
     */
    async getOrInsert(name: string, candidate: string): Promise<string> {
      await db.insert(appSecrets).values({ name, value: candidate }).onConflictDoNothing();
      const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
      return row.value;
    },
  };
}
export type AppSecretsRepository = ReturnType<typeof createAppSecretsRepository>;
