import { isCountryCode } from '../../../contract/countries';
import { MIN_AGE } from '../../../contract/profile-options';
import type { OwnProfileDetails, ProfileUpdate } from '../../../contract/profiles';
import type { GeoService } from '../../adapters/geo/geo.port';
import type { ProfilesRepository } from '../../db/repositories/profiles.repository';
import type { UsersRepository } from '../../db/repositories/users.repository';
import type { ProfileRow, SiteRow } from '../../db/schema/index';
import { checkDateOfBirth, findNameProblem } from '../accounts/signup-rules';
import { AppError, throwFieldProblems, type FieldProblem } from '../shared/app-error';
import type { Clock } from '../shared/clock';
import type { SafetySignals } from '../safety/safety-signals.service';
import type { HeldTextsRepository } from '../../db/repositories/held-texts.repository';
import { DEFAULT_LANGUAGE, type Language } from '../../../contract/locales';

/** Spec §1/§5: free members keep up to 3 photos, premium members up to 25. */
export const FREE_PHOTO_LIMIT = 3;
export const PREMIUM_PHOTO_LIMIT = 25;

/** Always editable; the other details only where the site shows them (visible_profile_fields). */
const ALWAYS_EDITABLE = new Set(['name', 'seeking', 'about', 'country', 'region', 'city', 'latitude', 'longitude', 'date_of_birth']);

/**
 * The member's own profile: reading it whole and changing it field by field. A new "about" text
 * with contact details waits for review instead of going live when the site says so (issue 32):
 * the member goes on seeing their text, marked as waiting; everyone else sees the previous one.
 */
export function createOwnProfileService(deps: {
  users: UsersRepository;
  profiles: ProfilesRepository;
  geo: GeoService;
  clock: Clock;
  safety?: { signals: Pick<SafetySignals, 'screenProfileText'>; heldTexts: HeldTextsRepository };
}) {
  const { users, profiles, geo, clock, safety } = deps;

  async function get(memberId: number): Promise<OwnProfileDetails> {
    const account = await users.findAccount(memberId);
    if (!account) throw new AppError('authentication_required');
    const { profile, user } = account;
    const photos = await profiles.listPhotos(memberId, { activeOnly: false });
    const pendingAbout = safety ? await safety.heldTexts.findPending(memberId) : null;
    return {
      name: profile.name,
      gender: profile.gender,
      seeking: profile.seeking,
      date_of_birth: profile.dateOfBirth,
      country: profile.country,
      region: profile.region,
      city: profile.city,
      latitude: profile.latitude,
      longitude: profile.longitude,
      sexuality: profile.sexuality as OwnProfileDetails['sexuality'],
      relationship_status: profile.relationshipStatus as OwnProfileDetails['relationship_status'],
      hair_colour: profile.hairColour as OwnProfileDetails['hair_colour'],
      eye_colour: profile.eyeColour as OwnProfileDetails['eye_colour'],
      body_type: profile.bodyType as OwnProfileDetails['body_type'],
      tattoos: profile.tattoos as OwnProfileDetails['tattoos'],
      interests: profile.interests as OwnProfileDetails['interests'],
      about: pendingAbout ?? profile.about,
      about_in_review: pendingAbout !== null,
      photos: photos.map((photo) => ({ id: photo.id, filename: photo.filename, thumb_filename: photo.thumbFilename, status: photo.status })),
      main_photo_id: profile.mainPhotoId,
      photo_limit: user.paidUser ? PREMIUM_PHOTO_LIMIT : FREE_PHOTO_LIMIT,
    };
  }

  return {
    get,

    async update(site: SiteRow, memberId: number, input: ProfileUpdate, language: Language = DEFAULT_LANGUAGE): Promise<OwnProfileDetails> {
      const editable = new Set([...ALWAYS_EDITABLE, ...site.visibleProfileFields]);
      const problems: FieldProblem[] = [];
      if (input.name !== undefined) {
        const code = findNameProblem(input.name, (await users.findById(memberId))?.email);
        if (code) problems.push({ field: 'name', code });
      }
      if (input.date_of_birth !== undefined) {
        const code = checkDateOfBirth(input.date_of_birth, clock.now());
        if (code) problems.push({ field: 'date_of_birth', code, params: { min_age: MIN_AGE } });
      }
      if (input.country !== undefined && !site.countries.includes(input.country)) problems.push({ field: 'country', code: 'choice_required' });
      const country = input.country ?? (await users.findAccount(memberId))?.profile.country ?? '';
      if (input.region && (!isCountryCode(country) || !geo.findRegion(country, input.region))) problems.push({ field: 'region', code: 'choice_required' });
      throwFieldProblems(problems);

      const changes: Partial<ProfileRow> = {};
      const set = <K extends keyof ProfileRow>(field: string, column: K, value: ProfileRow[K] | undefined) => {
        if (value !== undefined && editable.has(field)) changes[column] = value;
      };
      set('name', 'name', input.name);
      set('seeking', 'seeking', input.seeking);
      set('date_of_birth', 'dateOfBirth', input.date_of_birth);
      set('country', 'country', input.country);
      set('region', 'region', input.region);
      set('city', 'city', input.city);
      set('latitude', 'latitude', input.latitude);
      set('longitude', 'longitude', input.longitude);
      set('sexuality', 'sexuality', input.sexuality);
      set('relationship_status', 'relationshipStatus', input.relationship_status);
      set('hair_colour', 'hairColour', input.hair_colour);
      set('eye_colour', 'eyeColour', input.eye_colour);
      set('body_type', 'bodyType', input.body_type);
      set('tattoos', 'tattoos', input.tattoos);
      set('interests', 'interests', input.interests);
      if (input.about !== undefined && safety) {
        const signals = input.about.trim() ? await safety.signals.screenProfileText(site, language, input.about) : [];
        if (signals.length) await safety.heldTexts.hold({ profileId: memberId, text: input.about, signals, at: clock.now() });
        else await safety.heldTexts.release(memberId);
        if (!signals.length) set('about', 'about', input.about);
      } else set('about', 'about', input.about);
      // A new country without a region must not keep the old country's region.
      if (input.country !== undefined && input.region === undefined) changes.region = null;
      if (Object.keys(changes).length) await users.updateProfile(memberId, changes);
      return get(memberId);
    },
  };
}

export type OwnProfileService = ReturnType<typeof createOwnProfileService>;
