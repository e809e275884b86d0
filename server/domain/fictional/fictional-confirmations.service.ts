import type { Database } from '../../db/client';
import { createFictionalRepository } from '../../db/repositories/fictional.repository';
import type { ProfilesRepository } from '../../db/repositories/profiles.repository';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';

/**
 * A member's once-per-profile confirmation of the fictional-profile warning and price (issue 16).
 * Until it is given, the send path refuses the member's first paid text to that profile with
 * `fictional_confirmation_required`, and the chat shows the warning with the price.
 */
export function createFictionalConfirmationsService(deps: { db: Database; profiles: ProfilesRepository; clock: Clock }) {
  const repository = createFictionalRepository(deps.db);
  return {
    async confirm(memberId: number, profileId: number): Promise<void> {
      const profile = await deps.profiles.findProfile(profileId);
      if (!profile || !profile.isFictional) throw new AppError('not_found');
      await repository.confirm(memberId, profileId, deps.clock.now());
    },
    hasConfirmed: (memberId: number, profileId: number) => repository.hasConfirmed(memberId, profileId),
  };
}

export type FictionalConfirmationsService = ReturnType<typeof createFictionalConfirmationsService>;
