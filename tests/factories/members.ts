import type { SignupInput } from '../../contract/accounts';
import { eq } from 'drizzle-orm';
import { photos, profiles, users, type SiteRow } from '../../server/db/schema/index';
import type { TestContext } from '../setup/test-services';

let counter = 0;

/** Sign-up fields that pass every rule; each call gets its own e-mail address. */
export function validSignup(overrides: Partial<SignupInput> = {}): SignupInput {
  counter += 1;
  return {
    email: `member${counter}.${Date.now()}@example.com`,
    name: `Member${counter}`,
    password: 'correct horse battery',
    date_of_birth: '1990-04-12',
    gender: 'female',
    seeking: 'male',
    country: 'NL',
    accept_terms: true,
    ...overrides,
  };
}

/** A member signed up through the real service, as a visitor would. */
export async function signUpMember(ctx: TestContext, site: SiteRow, overrides: Partial<SignupInput> = {}) {
  const input = validSignup(overrides);
  const result = await ctx.services.accounts.signup(site, input, {}, 'en');
  return { ...result, input };
}

/** Follows the token link of the last mail sent to an address. */
export function tokenFromLastMail(ctx: TestContext, to: string): string {
  const link = ctx.mailer.linkIn(ctx.mailer.last(to));
  return new URL(link).searchParams.get('token')!;
}

export interface VisibleMemberOptions {
  name?: string;
  gender?: 'male' | 'female';
  seeking?: 'male' | 'female' | 'both';
  dateOfBirth?: string;
  country?: string;
  region?: string | null;
  niches?: number[];
  isFictional?: boolean;
  paidUser?: boolean;
  withPhotos?: number;
  lastActiveAt?: Date;
  sexuality?: 'hetero' | 'gay' | 'bi' | 'curious' | null;
  /** Where they live: a city's name and its centre. */
  city?: string;
  latitude?: number;
  longitude?: number;
}

/**
 * A confirmed, visible member made straight in the database (no password hashing), for tests
 * of what members see of each other. Photos are rows only; their files are not needed here.
 */
export async function createVisibleMember(ctx: TestContext, site: SiteRow, options: VisibleMemberOptions = {}) {
  counter += 1;
  const db = ctx.db;
  const now = options.lastActiveAt ?? ctx.clock.now();
  const [user] = await db
    .insert(users)
    .values({
      siteId: site.id,
      email: `visible${counter}.${Date.now()}@example.com`,
      passwordHash: 'not-used',
      status: 'active',
      isFictional: options.isFictional ?? false,
      paidUser: options.paidUser ?? false,
      createdAt: now,
      lastActiveAt: now,
    })
    .returning();
  await db.insert(profiles).values({
    id: user.id,
    name: options.name ?? `Visible${counter}`,
    gender: options.gender ?? 'female',
    // Men seek women and women men unless a test says otherwise (ADR 0067: orientation counts both ways).
    seeking: options.seeking ?? ((options.gender ?? 'female') === 'male' ? 'female' : 'male'),
    dateOfBirth: options.dateOfBirth ?? '1990-06-15',
    country: options.country ?? 'NL',
    region: options.region ?? null,
    niches: options.niches ?? [],
    sexuality: options.sexuality ?? null,
    city: options.city ?? null,
    latitude: options.latitude ?? null,
    longitude: options.longitude ?? null,
    status: 'active',
  });
  for (let index = 0; index < (options.withPhotos ?? 1); index++) {
    const [photo] = await db
      .insert(photos)
      .values({ userId: user.id, filename: `p${user.id}-${index}.webp`, thumbFilename: `p${user.id}-${index}-t.webp`, status: 'active', position: index })
      .returning();
    if (index === 0) await db.update(profiles).set({ mainPhotoId: photo.id }).where(eq(profiles.id, user.id));
  }
  return user;
}
