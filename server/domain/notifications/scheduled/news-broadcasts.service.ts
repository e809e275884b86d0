import type { NewsBroadcastInput } from '../../../../contract/admin/news';
import type { JobsRepository } from '../../../db/repositories/jobs.repository';
import type { NewsBroadcastRow, NewsBroadcastsRepository } from '../../../db/repositories/news-broadcasts.repository';
import type { SitesRepository } from '../../../db/repositories/sites.repository';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';

export const NEWS_START_JOB = 'notify.news';

/**
 * An operator's `news` broadcasts (issue 17): stores one and starts its sending, and shows
 * how far it got. The sending itself is the job's (news.rules.ts); this needs no mailer, so
 * the command line and the console can use it in any process.
 */
export function createNewsBroadcastsService(deps: {
  broadcasts: NewsBroadcastsRepository;
  sites: Pick<SitesRepository, 'findById'>;
  jobs: JobsRepository;
  clock: Clock;
}) {
  const { broadcasts, jobs, clock } = deps;
  return {
    /** Stores the broadcast and enqueues its start; the worker splits it into batches. Throws 'not_found' for an unknown site. */
    async create(input: NewsBroadcastInput, createdBy: string): Promise<NewsBroadcastRow> {
      const siteId = input.site === 'all' ? null : input.site;
      if (siteId !== null && !(await deps.sites.findById(siteId))) throw new AppError('not_found', { detail: `site ${siteId}` });
      const now = clock.now();
      const texts = Object.fromEntries(Object.entries(input.texts).filter(([, text]) => !!text)) as NewsBroadcastRow['texts'];
      const row = await broadcasts.insert({ siteId, texts, createdBy, createdAt: now });
      await jobs.enqueue(NEWS_START_JOB, { broadcastId: row.id }, now, now, { key: `${NEWS_START_JOB}:${row.id}` });
      return row;
    },

    /** The latest broadcasts with their progress (sent_count, started_at, finished_at). */
    listLatest: (limit = 20) => broadcasts.listLatest(limit),
    findById: (id: number) => broadcasts.findById(id),
  };
}

export type NewsBroadcastsService = ReturnType<typeof createNewsBroadcastsService>;
