import { z } from 'zod';
import { MainImage } from './accounts';
import {
  BODY_TYPES,
  EYE_COLOURS,
  GENDERS,
  HAIR_COLOURS,
  INTERESTS,
  MAX_AGE,
  MIN_AGE,
  RELATIONSHIP_STATUSES,
  SEEKING,
  SEXUALITIES,
  TATTOOS,
} from './profile-options';
import { named, RecordId, RecordIdParam, text } from './inputs';
import { PartnerCard } from './partner-cards';
import { MAX_RADIUS } from './distance-units';

/** A member as search results, likes and related lists show them. */
export const ProfileCard = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  gender: z.enum(GENDERS),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  main_image: MainImage,
  /** Spec: fictional profiles are labelled wherever they appear. */
  is_fictional: z.boolean(),
  /** Present (true) only while the member has the site open, so offline cards stay small (issue 19). */
  is_online: z.literal(true).optional(),
  /** Whole kilometres from the viewing member, when both gave a place (search only). */
  distance_km: z.number().int().nonnegative().optional(),
});
export type ProfileCard = z.infer<typeof ProfileCard>;

export { SEARCH_PAGE_SIZE, FREE_SWIPE_LIKES_PER_DAY } from './discovery-limits';

const SearchFields = z.object({
  gender: z.enum(GENDERS).optional(),
  country: text({ trim: true })
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
    .optional(),
  countryregion: text({ trim: true }).max(12).optional(),
  min_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
  max_age: z.coerce.number().int().min(MIN_AGE).max(MAX_AGE).optional(),
  page: z.coerce.number().int().min(1).max(500).default(1),
  hide_fictional: z.enum(['0', '1']).optional(),
  /** A member's radius: only people at most this far, in the member's unit (`distance_unit`: km, or miles in the US and GB). */
  radius: z.coerce.number().int().min(1).max(MAX_RADIUS).optional(),
  /** A visitor's traffic source, which can open search to visitors (logged_out_search_trafficsource). */
  network: text().max(64).optional(),
  ref: text().max(64).optional(),
});
const agesInOrder = (q: { min_age?: number; max_age?: number }) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age;
const agesMessage = named('ages_in_order', 'min_age must not exceed max_age', ['min_age']);
export const SearchQuery = SearchFields.refine(agesInOrder, agesMessage);
export type SearchQuery = z.infer<typeof SearchQuery>;
/** `GET /api/members.php`: a search, or with `id` one member's profile. */
export const MembersQuery = SearchFields.extend({ id: RecordIdParam.optional() }).refine(agesInOrder, agesMessage);

export const SearchResponse = z.object({
  results: z.array(ProfileCard),
  numResults: z.number().int(),
  page: z.number().int(),
  similar_results: z.array(ProfileCard).optional(),
  similar_numResults: z.number().int().optional(),
  /** On the first page, when the site resells (`member_resell`): partner offers to place among the results; never members. */
  partner_cards: z.array(PartnerCard).optional(),
  /** For a member: the unit their distances and radius are in (from their country). */
  distance_unit: z.enum(['km', 'mi']).optional(),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

export const Photo = z.object({ id: z.number().int(), filename: z.string(), thumb_filename: z.string(), status: z.enum(['active', 'pending', 'rejected']) });
export type Photo = z.infer<typeof Photo>;

/** The profile details a site may show (its `visible_profile_fields` picks which). */
export const ProfileDetails = z.object({
  sexuality: z.enum(SEXUALITIES).nullable(),
  relationship_status: z.enum(RELATIONSHIP_STATUSES).nullable(),
  hair_colour: z.enum(HAIR_COLOURS).nullable(),
  eye_colour: z.enum(EYE_COLOURS).nullable(),
  body_type: z.enum(BODY_TYPES).nullable(),
  tattoos: z.enum(TATTOOS).nullable(),
  interests: z.array(z.enum(INTERESTS)),
  about: z.string(),
});

/** `GET /api/members.php?id=`: another member as the viewer may see them. */
export const MemberProfile = ProfileCard.extend({
  details: ProfileDetails.partial(),
  photos: z.array(Photo.omit({ status: true })),
  photo_count: z.number().int(),
  /** False for free viewers: they see the main photo only. */
  can_see_all_photos: z.boolean(),
  liked: z.boolean(),
  likes_me: z.boolean(),
  is_match: z.boolean(),
  blocked: z.boolean(),
  related: z.array(ProfileCard),
});
export type MemberProfile = z.infer<typeof MemberProfile>;

export const MemberIdQuery = z.object({ id: RecordIdParam });

/** `GET/PUT /api/profile.php`: the member's own profile. */
export const OwnProfileDetails = ProfileDetails.extend({
  name: z.string(),
  gender: z.enum(GENDERS),
  seeking: z.enum(SEEKING),
  date_of_birth: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  photos: z.array(Photo),
  main_photo_id: z.number().int().nullable(),
  photo_limit: z.number().int(),
  /** The member's `about` waits for a moderator (it holds contact details); others still see the previous text (issue 32). */
  about_in_review: z.boolean().optional(),
});
export type OwnProfileDetails = z.infer<typeof OwnProfileDetails>;

const nullableChoice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values).nullable().optional();
export const ProfileUpdate = z.object({
  // Checked by the same rule as at sign-up (findNameProblem), with its texts; this only bounds the size.
  name: text({ trim: true }).max(60).optional(),
  seeking: z.enum(SEEKING).optional(),
  date_of_birth: text().max(10).optional(),
  country: text({ trim: true })
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  region: text({ trim: true }).max(12).nullable().optional(),
  city: text({ trim: true }).max(80).nullable().optional(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  sexuality: nullableChoice(SEXUALITIES),
  relationship_status: nullableChoice(RELATIONSHIP_STATUSES),
  hair_colour: nullableChoice(HAIR_COLOURS),
  eye_colour: nullableChoice(EYE_COLOURS),
  body_type: nullableChoice(BODY_TYPES),
  tattoos: nullableChoice(TATTOOS),
  interests: z.array(z.enum(INTERESTS)).max(INTERESTS.length).optional(),
  about: text({ trim: true, multiline: true }).max(2000).optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

export const PhotoIdInput = z.object({ photo_id: RecordId });
/**
 * `POST /api/photos.php`'s form fields beside the file: `client_id`, the upload's idempotency
 * key, so an upload sent again after a lost answer finds the photo instead of adding one.
 */
export const PhotoUploadFields = z.object({ client_id: text().min(8).max(64).optional() });
export type PhotoUploadFields = z.infer<typeof PhotoUploadFields>;
export const PhotoOrderInput = z.object({ main_photo_id: RecordId.optional(), order: z.array(RecordId).max(25).optional() });

export const ProfileIdInput = z.object({ profile_id: RecordId });

/** `GET /api/likes.php` (spec §7): whom I like, and who likes me. */
export const LikesResponse = z.object({
  profiles: z.array(ProfileCard),
  liked_by: z.array(z.object({ id: z.number().int(), like_new: z.boolean(), profile: ProfileCard })),
  matches: z.array(ProfileCard),
  total_new_likes: z.number().int(),
});
export type LikesResponse = z.infer<typeof LikesResponse>;

export const LikeResult = z.object({ liked: z.boolean(), is_match: z.boolean(), likes_left_today: z.number().int().nullable() });

/** `GET /api/block.php`: the members the member blocked, newest block first (the block list in settings). */
export const BlockedMembersResponse = z.object({
  blocked: z.array(z.object({ profile: z.object({ id: z.number().int(), name: z.string(), main_image: MainImage }), blocked_at: z.string() })),
});
export type BlockedMembersResponse = z.infer<typeof BlockedMembersResponse>;

/**
 * `GET /api/auto-like.php` (spec §7): a fictional profile's like for the match popup, or 204 when
 * none is due; the popup shows real members only for their own likes (a match). `is_fictional`
 * labels the popup as the spec asks of every fictional profile.
 */
export const AutoLike = z.object({ id: z.number().int(), main_image: MainImage, name: z.string(), is_fictional: z.boolean() });
export type AutoLike = z.infer<typeof AutoLike>;

/** `GET /api/swipe.php`: the next cards of the swipe game; `likes_left_today` is null where there is no limit. */
export const SwipeDeck = z.object({ cards: z.array(ProfileCard), likes_left_today: z.number().int().nullable() });
export const SwipeInput = z.object({ profile_id: RecordId, action: z.enum(['like', 'pass']), mode: z.enum(['swipe_game', 'match_finder']) });
