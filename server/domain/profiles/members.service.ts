import type { MemberProfile } from '../../../contract/profiles';
import type { BlocksRepository } from '../../db/repositories/blocks.repository';
import type { LikesRepository } from '../../db/repositories/likes.repository';
import type { ProfilesRepository } from '../../db/repositories/profiles.repository';
import type { SiteRow } from '../../db/schema/index';
import { AppError } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import { birthDateYearsAgo, presentCard } from './profile-cards';

const RELATED_COUNT = 6;
const DETAIL_FIELDS = ['sexuality', 'relationship_status', 'hair_colour', 'eye_colour', 'body_type', 'tattoos', 'interests'] as const;

/**
 * Another member's profile as the viewer may see it (spec §2 profile view): free viewers get
 * the main photo only, blocked viewers get the spec's refusal, and opening a liker's profile
 * marks their like as seen.
 */
export function createMembersService(deps: {
  profiles: ProfilesRepository;
  /**
   * Where other members' profiles are read: a read replica when there is one (ADR 0080). A
   * member's own profile comes from `profiles`, so their edits show at once.
   */
  publicProfiles?: Pick<ProfilesRepository, 'findProfile' | 'listPhotos' | 'search'>;
  likes: LikesRepository;
  blocks: BlocksRepository;
  clock: Clock;
  /** Told when the viewer has looked at a liker's profile, so the likes badge drops in every tab. */
  onLikeSeen?: (viewerId: number) => void;
}) {
  const { likes, blocks, clock } = deps;

  /**
   * The profile with its related members still on their way: a page shows the profile first and
   * streams the list below it (issue 20). The list's query starts with the profile's other reads.
   */
  async function viewFirstScreen(
    site: SiteRow,
    profileId: number,
    viewerId: number | null,
  ): Promise<Omit<MemberProfile, 'related'> & { related: Promise<MemberProfile['related']> }> {
    const profiles = profileId === viewerId ? deps.profiles : (deps.publicProfiles ?? deps.profiles);
    const profile = await profiles.findProfile(profileId);
    if (!profile || (!profile.visible && profileId !== viewerId)) throw new AppError('not_found');
    const now = clock.now();
    const related = profiles
      .search(
        {
          viewerId,
          niche: site.niche,
          gender: profile.gender,
          country: profile.country,
          bornOnOrBefore: birthDateYearsAgo(Math.max(18, ageOf(profile.dateOfBirth, now) - 7), now),
          bornAfter: birthDateYearsAgo(ageOf(profile.dateOfBirth, now) + 8, now),
          excludeIds: [profileId],
        },
        RELATED_COUNT,
        0,
      )
      .then((rows) => rows.map((row) => presentCard(row, now)));
    // When the profile is refused or a read fails, nobody awaits the list: its failure must not go unobserved.
    const dropRelated = () => void related.catch(() => undefined);
    // Every read below needs only the profile: they go out together instead of one after another
    // (issue 20: a profile page was seven database round trips in a row).
    const noRelation = { viewerBlocked: false, blockedByOther: false, liked: false, likesMe: false, viewerPaid: false };
    const [relation, photos] = await Promise.all([
      viewerId ? blocks.relationBetween(viewerId, profileId) : noRelation,
      profiles.listPhotos(profileId, { activeOnly: true }),
    ]).catch((error: unknown) => {
      dropRelated();
      throw error;
    });
    const { liked, likesMe } = relation;
    if (relation.blockedByOther) {
      dropRelated();
      throw new AppError('blocked_by', { params: { name: profile.name } });
    }

    const canSeeAll = relation.viewerPaid || viewerId === profileId;
    const activeMain = photos.find((photo) => photo.id === profile.mainPhotoId);
    const main = activeMain ?? photos[0];
    const shown = canSeeAll ? photos : main ? [main] : [];
    if (viewerId && likesMe) {
      const wasNew = await likes.markSeen(profileId, viewerId).catch((error: unknown) => {
        dropRelated();
        throw error;
      });
      // Only a like that was still new changes the badges (and the member's kept tabs, ADR 0048).
      if (wasNew) deps.onLikeSeen?.(viewerId);
    }

    const visibleFields = new Set(site.visibleProfileFields);
    const details: MemberProfile['details'] = { about: profile.about };
    const source = {
      sexuality: profile.sexuality,
      relationship_status: profile.relationshipStatus,
      hair_colour: profile.hairColour,
      eye_colour: profile.eyeColour,
      body_type: profile.bodyType,
      tattoos: profile.tattoos,
      interests: profile.interests,
    };
    for (const field of DETAIL_FIELDS) if (visibleFields.has(field)) Object.assign(details, { [field]: source[field] });

    // The card at the top is the one search shows: the main photo only if it is active, and the
    // presence only of a profile the viewer may find (visible, not blocked by them).
    const findable = profile.visible && !relation.viewerBlocked;
    const cardPhoto = findable ? activeMain : main;
    const base = presentCard(
      {
        ...profile,
        mainFilename: cardPhoto?.filename ?? null,
        mainThumb: cardPhoto?.thumbFilename ?? null,
        onlineUntil: findable ? profile.onlineUntil : null,
      },
      now,
    );
    return {
      ...base,
      details,
      photos: shown.map((photo) => ({ id: photo.id, filename: photo.filename, thumb_filename: photo.thumbFilename })),
      photo_count: photos.length,
      can_see_all_photos: canSeeAll,
      liked,
      likes_me: likesMe,
      is_match: liked && likesMe,
      blocked: relation.viewerBlocked,
      related,
    };
  }

  return {
    /** The whole profile, related members included (the API's `members.php?id`). */
    async view(site: SiteRow, profileId: number, viewerId: number | null): Promise<MemberProfile> {
      const { related, ...shown } = await viewFirstScreen(site, profileId, viewerId);
      return { ...shown, related: await related };
    },
    viewFirstScreen,
  };
}

function ageOf(dateOfBirth: string, now: Date): number {
  return now.getUTCFullYear() - Number(dateOfBirth.slice(0, 4));
}

export type MembersService = ReturnType<typeof createMembersService>;
