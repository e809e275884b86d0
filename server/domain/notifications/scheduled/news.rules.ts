import type { JobsRepository } from '../../../db/repositories/jobs.repository';
import type { NewsBroadcastRow, NewsBroadcastsRepository } from '../../../db/repositories/news-broadcasts.repository';
import type { ScheduledNotificationsRepository, SiteTerms } from '../../../db/repositories/scheduled-notifications.repository';
import { toSupportedLanguage } from '../../../../contract/locales';
import type { Clock } from '../../shared/clock';
import type { Notifier } from '../notifier.port';
import { enqueueBatches, type BatchRange } from './member-batches';
import { runLimited } from './run-limited';

export const NEWS_BATCH_JOB = 'notify.news.batch';
export const NEWS_FINISH_JOB = 'notify.news.finish';
/** How often the finish check looks whether every batch of a broadcast has run. */
export const NEWS_FINISH_CHECK_MS = 30_000;
const IN_FLIGHT = 16;

export interface NewsBatchPayload extends BatchRange {
  broadcastId: number;
}

const batchKeyPrefix = (broadcastId: number) => `${NEWS_BATCH_JOB}:${broadcastId}:`;
export const newsTopic = (broadcastId: number) => `news:${broadcastId}`;

/** The member's text: their language's, else their site's language's, else English (always present). */
export function newsTextFor(texts: NewsBroadcastRow['texts'], language: string, site: Pick<SiteTerms, 'domainLanguage'> | undefined) {
  const siteLanguage = site ? toSupportedLanguage(site.domainLanguage) : undefined;
  return texts[language] ?? (siteLanguage && texts[siteLanguage]) ?? texts.en ?? Object.values(texts)[0];
}

/**
 * `news` (issue 17): an operator's broadcast reaches every confirmed member of its site (or of
 * every site) who keeps news on, in batches of member ids. Sends are keyed per broadcast and
 * member, so a retried batch re-sends nothing; sent_count grows per batch and finished_at is set
 * by a check that waits until no batch is left to run.
 */
export function createNewsRules(deps: {
  broadcasts: NewsBroadcastsRepository;
  scheduled: ScheduledNotificationsRepository;
  jobs: JobsRepository;
  notifier: Notifier;
  clock: Clock;
}) {
  const { broadcasts, scheduled, jobs, notifier, clock } = deps;
  let sitesCache: { at: number; sites: Promise<Map<number, SiteTerms>> } | null = null;
  const siteTerms = () => {
    // Site languages change rarely; a minute-old copy serves every batch of a broadcast.
    if (!sitesCache || clock.now().getTime() - sitesCache.at > 60_000) {
      sitesCache = { at: clock.now().getTime(), sites: scheduled.listSites().then((rows) => new Map(rows.map((row) => [row.id, row]))) };
    }
    return sitesCache.sites;
  };

  async function enqueueFinishCheck(broadcastId: number, check: number) {
    const runAt = new Date(clock.now().getTime() + NEWS_FINISH_CHECK_MS);
    await jobs.enqueue(NEWS_FINISH_JOB, { broadcastId, check }, runAt, clock.now(), { key: `${NEWS_FINISH_JOB}:${broadcastId}:${check}` });
  }

  return {
    /** The start job: splits the broadcast's members into batch jobs and schedules the finish check. */
    async start(payload: { broadcastId: number }): Promise<void> {
      const broadcast = await broadcasts.findById(payload.broadcastId);
      if (!broadcast || broadcast.finishedAt) return;
      const now = clock.now();
      await broadcasts.markStarted(broadcast.id, now);
      await enqueueBatches(
        { scheduled, jobs, now },
        {
          kind: 'news',
          siteId: broadcast.siteId,
          jobKind: NEWS_BATCH_JOB,
          key: batchKeyPrefix(broadcast.id).slice(0, -1),
          payload: { broadcastId: broadcast.id },
        },
      );
      await enqueueFinishCheck(broadcast.id, 1);
    },

    /** One batch: the broadcast's text to each member of the range who did not get it yet. */
    async sendBatch(payload: NewsBatchPayload): Promise<number> {
      const broadcast = await broadcasts.findById(payload.broadcastId);
      if (!broadcast) return 0;
      const topic = newsTopic(broadcast.id);
      const [members, sites] = await Promise.all([scheduled.batchMembers('news', topic, broadcast.siteId, payload.afterId, payload.throughId), siteTerms()]);
      let sent = 0;
      await runLimited(members, IN_FLIGHT, async (member) => {
        const text = newsTextFor(broadcast.texts, member.language, sites.get(member.siteId));
        const result = await notifier.notify(member.id, 'news', { template: 'news', text, path: '/' }, { key: `news:${broadcast.id}:${member.id}`, topic });
        if (result.email || result.push) sent += 1;
      });
      await broadcasts.addSent(broadcast.id, sent);
      return sent;
    },

    /** The finish check: finished_at once no batch is left, else it looks again shortly. */
    async checkFinished(payload: { broadcastId: number; check: number }): Promise<void> {
      if (await broadcasts.finishIfDone(payload.broadcastId, batchKeyPrefix(payload.broadcastId), clock.now())) return;
      await enqueueFinishCheck(payload.broadcastId, payload.check + 1);
    },
  };
}

export type NewsRules = ReturnType<typeof createNewsRules>;
