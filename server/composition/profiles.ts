import { createProfilesRepository } from '../db/repositories/profiles.repository';
import { createPartnerCardsRepository } from '../db/repositories/partner-cards.repository';
import { createPhotosRepository } from '../db/repositories/photos.repository';
import { createPresenceRepository } from '../db/repositories/presence.repository';
import { createLikesService } from '../domain/likes/likes.service';
import { createSwipeService } from '../domain/likes/swipe.service';
import { keepVisitorDecks } from '../domain/likes/kept-visitor-decks';
import { createPartnerCardsDisplay } from '../domain/partners/partner-cards.service';
import { createPhotosService } from '../domain/photos/photos.service';
import { createBlocksService } from '../domain/profiles/blocks.service';
import { createMemberMapService } from '../domain/profiles/member-map.service';
import { createMembersService } from '../domain/profiles/members.service';
import { createOwnProfileService } from '../domain/profiles/own-profile.service';
import { createSearchService } from '../domain/profiles/search.service';
import { createSignupMatchesService } from '../domain/profiles/signup-matches.service';
import { createSocialProofService } from '../domain/profiles/social-proof.service';
import { createRealtimeLikeEvents } from '../domain/likes/like-events';
import { createRealtimeBlockEvents } from '../domain/profiles/block-events';
import { createPresenceTracker } from '../realtime/presence';
import type { Platform } from './platform';
import { readFromReplica, rootMessageOf } from './read-replica';
import type { Stores } from './stores';

type LikeNotifications = { events: { liked(likerId: number, likedId: number): unknown } };

/**
 * Members meeting members: search, profiles and one's own, likes and the swipe deck, blocks,
 * photos, the map and the home page's figures, and who is online.
 */
export function composeProfiles(
  platform: Platform,
  stores: Stores,
  likeNotifications: LikeNotifications,
  profileScreening?: Parameters<typeof createOwnProfileService>[0]['safety'],
) {
  const { db, clock, bus, geo, storage, memberPagesChanged } = platform;
  const { profiles, likes: likesRepository, blocks: blocksRepository, users } = stores;
  const likeEvents = createRealtimeLikeEvents(bus, stores.counters);
  // Who has an open socket, in the database, so the worker's notification rules see it (issue 17).
  const presence = createPresenceTracker({ presence: createPresenceRepository(db), clock });
  const partners = createPartnerCardsDisplay({ cards: createPartnerCardsRepository(db), storage, clock });
  // Search pages and other members' profiles may lag the primary by a moment: a read replica
  // serves them when DATABASE_READ_URL is set (ADR 0080). Blocks, likes and one's own profile stay on the primary.
  const publicProfiles = platform.readDb
    ? readFromReplica(createProfilesRepository(platform.readDb), profiles, ['search', 'count', 'findProfile', 'findCards', 'listPhotos'], {
        onFallback: (error) => console.warn(`read replica unavailable, reading the primary: ${rootMessageOf(error)}`),
      })
    : profiles;
  // The console announces its partner card edits as site changes: search drops the kept cards on every instance.
  platform.siteChanges.subscribe(() => partners.forget());
  const likes = createLikesService({
    db,
    likes: likesRepository,
    blocks: blocksRepository,
    profiles,
    users,
    clock,
    events: {
      liked(likerId, likedId) {
        likeEvents.liked(likerId, likedId);
        likeNotifications.events.liked(likerId, likedId);
      },
      matched(match) {
        likeEvents.matched(match);
      },
      unliked(likerId, likedId) {
        // The fresh counters reach the liked member after two reads; their kept tabs drop at once.
        memberPagesChanged?.([likedId]);
        likeEvents.unliked(likerId, likedId);
      },
    },
  });
  const swipe = createSwipeService({ profiles, blocks: blocksRepository, likes, clock });
  // Visitors' faces are kept a moment per niche and country; a change to what visitors are shown
  // (announced with every page cache on or off) or to a site drops them on every instance.
  const visitorDecks = keepVisitorDecks(swipe.visitorDeck, { clock });
  platform.pageChanges.subscribe((change) => {
    // A member's own pages are never what visitors are shown.
    if (!('memberId' in change)) visitorDecks.forget();
  });
  platform.siteChanges.subscribe(() => visitorDecks.forget());
  return {
    presence,
    likes,
    search: createSearchService({ profiles, publicProfiles, clock, partners }),
    members: createMembersService({
      profiles,
      publicProfiles,
      likes: likesRepository,
      blocks: blocksRepository,
      clock,
      onLikeSeen: likeEvents.likeSeen,
    }),
    ownProfile: createOwnProfileService({ users, profiles, geo, clock, safety: profileScreening }),
    blocks: createBlocksService({ blocks: blocksRepository, clock, events: createRealtimeBlockEvents(bus, stores.counters) }),
    photos: createPhotosService({ photos: createPhotosRepository(db), users, storage, clock }),
    swipe: { ...swipe, visitorDeck: visitorDecks.visitorDeck },
    memberMap: createMemberMapService({ profiles, geo, clock }),
    // The home page's and landers' figures: online now, new today, in the visitor's country (issue 19).
    socialProof: createSocialProofService({ profiles, clock }),
    /** The members offered to a new member to like on `/signup-matches` (issue 18). */
    signupMatches: createSignupMatchesService({ profiles, likes: likesRepository, clock }),
  };
}
