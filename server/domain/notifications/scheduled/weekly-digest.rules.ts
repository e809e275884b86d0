import type { JobsRepository } from '../../../db/repositories/jobs.repository';
import type { ScheduledNotificationsRepository } from '../../../db/repositories/scheduled-notifications.repository';
import type { DigestRecipient, NewMember, WeeklyDigestRepository } from '../../../db/repositories/weekly-digest.repository';
import { ageOn } from '../../profiles/age-rule';
import type { Clock } from '../../shared/clock';
import type { Notifier } from '../notifier.port';
import { isoWeekOf } from './iso-week';
import { enqueueBatches, type BatchRange } from './member-batches';
import { runLimited } from './run-limited';

export const WEEKLY_DIGEST_JOB = 'notify.weekly_updates';
export const WEEKLY_DIGEST_BATCH_JOB = 'notify.weekly_updates.batch';
export const WEEK_MS = 7 * 86_400_000;
/** Members listed in one digest. */
export const DIGEST_MEMBERS = 5;
/** Candidates kept per country and gender: enough left after filtering by seeking, niche and blocks. */
const CANDIDATES_PER_GROUP = 40;
/** Mails in flight at once within a batch. */
const IN_FLIGHT = 16;

export interface DigestBatchPayload extends BatchRange {
  week: string;
  /** The digest's week as [since, until), ISO strings: every batch of a run tells the same week. */
  since: string;
  until: string;
}

/** Whether `candidate` fits `member`'s search: each seeks the other's gender, on a site that shows the candidate. */
export function fitsSearch(member: DigestRecipient, candidate: NewMember): boolean {
  if (candidate.id === member.id) return false;
  if (member.seeking !== 'both' && member.seeking !== candidate.gender) return false;
  if (candidate.seeking !== 'both' && candidate.seeking !== member.gender) return false;
  if (candidate.country !== member.country) return false;
  return member.niche === 1 || candidate.niches.includes(member.niche);
}

/**
 * The members a recipient is shown: fitting their search, never blocked either way, those of
 * their own region first (the nearest the digest knows), newest first within each.
 */
export function pickNewMembers(member: DigestRecipient, candidates: NewMember[], blocked: Set<number>): NewMember[] {
  const fitting = candidates.filter((candidate) => !blocked.has(candidate.id) && fitsSearch(member, candidate));
  const sameRegion = member.region ? fitting.filter((candidate) => candidate.region === member.region) : [];
  const elsewhere = fitting.filter((candidate) => !sameRegion.includes(candidate));
  return [...sameRegion, ...elsewhere].slice(0, DIGEST_MEMBERS);
}

/**
 * `weekly_updates` (issue 17): once a week each confirmed member who keeps the kind on hears of
 * the new members who fit their search (seeking, country, region first) and of the likes they
 * got that week; a member with nothing to tell gets nothing. The weekly job splits the members
 * into batches of ids; each batch reads its members, the week's candidates and the likes in one
 * query each and mails with a few in flight. Sends are keyed per member and ISO week, so a
 * retried batch re-sends nothing. Profile views are not recorded anywhere, so not counted.
 */
export function createWeeklyDigestRules(deps: {
  digest: WeeklyDigestRepository;
  scheduled: ScheduledNotificationsRepository;
  jobs: JobsRepository;
  notifier: Notifier;
  clock: Clock;
}) {
  const { digest, notifier, clock } = deps;
  // The week's candidates are the same for every batch of a run: read once per week per process.
  let candidatesOfWeek: { key: string; members: Promise<NewMember[]> } | null = null;

  function candidates(since: Date, until: Date): Promise<NewMember[]> {
    const key = `${since.toISOString()}/${until.toISOString()}`;
    if (candidatesOfWeek?.key !== key) {
      const members = digest.newMembers(since, until, CANDIDATES_PER_GROUP);
      candidatesOfWeek = { key, members };
      // A failed read must not stay cached for the next batch.
      members.catch(() => (candidatesOfWeek = candidatesOfWeek?.members === members ? null : candidatesOfWeek));
    }
    return candidatesOfWeek.members;
  }

  function blockedSets(pairs: { blockerId: number; blockedId: number }[]): Map<number, Set<number>> {
    const sets = new Map<number, Set<number>>();
    const add = (member: number, other: number) => (sets.get(member) ?? sets.set(member, new Set()).get(member)!).add(other);
    for (const pair of pairs) {
      add(pair.blockerId, pair.blockedId);
      add(pair.blockedId, pair.blockerId);
    }
    return sets;
  }

  return {
    /** The weekly job: the digest of the 7 days before now, one batch job per range of members. */
    async start(): Promise<number> {
      const now = clock.now();
      const week = isoWeekOf(now);
      const payload = { week, since: new Date(now.getTime() - WEEK_MS).toISOString(), until: now.toISOString() };
      return enqueueBatches(
        { scheduled: deps.scheduled, jobs: deps.jobs, now },
        { kind: 'weekly_updates', siteId: null, jobKind: WEEKLY_DIGEST_BATCH_JOB, key: `${WEEKLY_DIGEST_BATCH_JOB}:${week}`, payload },
      );
    },

    /** One batch: answers how many members were told something. */
    async sendBatch(payload: DigestBatchPayload): Promise<number> {
      const since = new Date(payload.since);
      const until = new Date(payload.until);
      const members = await digest.recipients(payload.week, payload.afterId, payload.throughId);
      if (!members.length) return 0;
      const ids = members.map((member) => member.id);
      const [pool, likes, blocks] = await Promise.all([candidates(since, until), digest.likesReceived(ids, since, until), digest.blocksOf(ids)]);
      const blocked = blockedSets(blocks);
      let told = 0;
      await runLimited(members, IN_FLIGHT, async (member) => {
        const newMembers = pickNewMembers(member, pool, blocked.get(member.id) ?? new Set());
        const likeCount = likes.get(member.id) ?? 0;
        if (!newMembers.length && !likeCount) return;
        const items = newMembers.map((candidate) => ({
          title: `${candidate.name}, ${ageOn(candidate.dateOfBirth, until)}`,
          subtitle: [candidate.city ?? candidate.region, candidate.country].filter(Boolean).join(', '),
          path: `/members/${candidate.id}`,
        }));
        await notifier.notify(
          member.id,
          'weekly_updates',
          {
            template: 'weekly_updates',
            values: { new_members: newMembers.length, likes: likeCount },
            path: likeCount && !newMembers.length ? '/likes' : '/members',
            items,
          },
          { key: `weekly_updates:${member.id}:${payload.week}`, topic: payload.week },
        );
        told += 1;
      });
      return told;
    },
  };
}

export type WeeklyDigestRules = ReturnType<typeof createWeeklyDigestRules>;
