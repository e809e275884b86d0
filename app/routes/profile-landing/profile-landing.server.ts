import { data, redirect, type AppLoadContext } from 'react-router';
import type { ProfileTeaser } from '../../../contract/accounts';
import type { MemberProfile } from '../../../contract/profiles';

/** Spec §2 `{slug optional}`: a campaign's label in the address, nothing more. */
const SLUG = /^[a-z0-9-]{1,40}$/;
const ID = /^[1-9][0-9]{0,9}$/;

const notFound = () => data('This page could not be found', { status: 404 });

export interface LandingTarget {
  target: ProfileTeaser;
  /** Spec: a fictional profile is labelled wherever it appears, its landings too. */
  isFictional: boolean;
  /** The details the profile itself shows a visitor. */
  details: MemberProfile['details'];
}

/**
 * The member a profile landing (`/members/{id}/landing…`, `/members/{id}/signup`) is about.
 * A malformed id or slug, or a member who is hidden or unknown, is a 404 like any unknown page;
 * a member who is logged in already has nothing to sign up for and goes to the profile itself.
 */
export async function loadLandingTarget({ params, context }: { params: { id?: string; slug?: string }; context: AppLoadContext }): Promise<LandingTarget> {
  if (!ID.test(params.id ?? '') || (params.slug !== undefined && !SLUG.test(params.slug))) throw notFound();
  const id = Number(params.id);
  if (context.user) throw redirect(`/members/${id}`);
  const target = await context.findProfileTeaser(id);
  if (!target) throw notFound();
  const view = await context.viewMember(id);
  return { target, isFictional: view.ok && view.data.is_fictional, details: view.ok ? view.data.details : {} };
}
