import type { ShouldRevalidateFunctionArgs } from 'react-router';

/**
 * A profile landing's head: the member's name in front of the site's, and kept out of search
 * engines — these pages exist for campaigns, and the profile itself is the page to find.
 */
export function landingMeta(name: string | undefined, siteName: string | undefined) {
  return [{ title: [name, siteName].filter(Boolean).join(' · ') }, { name: 'robots', content: 'noindex' }];
}

/**
 * Signing up revalidates every loader (the visitor is a member now), and a landing's loader
 * would then redirect to the profile, taking the completion step away a moment after it
 * appeared. A landing loads again only when it is about another member or campaign.
 */
export function revalidateForAnotherMember({ currentParams, nextParams, currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) {
  return currentParams.id !== nextParams.id || currentParams.slug !== nextParams.slug || currentUrl.search !== nextUrl.search;
}
