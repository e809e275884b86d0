import { data, type AppLoadContext } from 'react-router';
import type { ProfileCard } from '../../../contract/profiles';
import type { NamedSocialProof } from '../../../contract/social-proof';
import { withCountryName } from '../../lib/social-proof';

/** A campaign slug names the ad that sent the visitor (`/landers/gallery/summer-24`); it changes nothing visible. */
const CAMPAIGN_SLUG = /^[a-z0-9-]{1,40}$/;

export type LanderName = 'alonetonight' | 'collagelanding' | 'gallery' | 'iconslanding' | 'maplanding' | 'socialnetwork' | 'video' | 'transitionsvideolanding';

export interface LanderData {
  cards: ProfileCard[];
  /** The site's figures (online now, new today, in the visitor's country), shown under the brand bar (issue 19). */
  proof: NamedSocialProof;
  /** The page's title and description in the visitor's language, for `meta`. */
  title: string;
  description: string;
}

/**
 * What every campaign lander loads: the slug is checked (anything else is the site's 404, as
 * spec §8 wants for a route whose validation fails), then up to `size` faces of the site's
 * visible members with an approved photo, from the visitor's country first.
 */
export async function loadLander(context: AppLoadContext, lander: LanderName, slug: string | undefined, size: number): Promise<LanderData> {
  if (slug !== undefined && !CAMPAIGN_SLUG.test(slug)) throw data('This page could not be found', { status: 404 });
  const texts = landerTexts(context, lander);
  const siteName = context.settings.name;
  const [cards, proof] = await Promise.all([context.visitorDeck(size), context.socialProof()]);
  return {
    cards,
    proof: withCountryName(proof, context.language),
    title: `${fill(texts.meta_title, siteName)} | ${siteName}`,
    description: fill(texts.meta_description, siteName),
  };
}

function landerTexts(context: AppLoadContext, lander: LanderName): { meta_title: string; meta_description: string } {
  const messages = context.getMessages(context.language, 'common') as { landers?: Record<string, { meta_title?: string; meta_description?: string }> };
  const texts = messages.landers?.[lander];
  return { meta_title: texts?.meta_title ?? '', meta_description: texts?.meta_description ?? '' };
}

const fill = (text: string, siteName: string) => text.replaceAll('{{site_name}}', siteName);

/** The `meta` of a lander: its own title and description from the loader. */
export function landerMeta(loaderData: Pick<LanderData, 'title' | 'description'> | undefined) {
  if (!loaderData) return [];
  return [{ title: loaderData.title }, { name: 'description', content: loaderData.description }];
}
