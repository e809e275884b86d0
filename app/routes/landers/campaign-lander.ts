import { data, type AppLoadContext } from 'react-router';

/** A campaign slug names the advert that sent the visitor (`/landers/video/spring-26`); it changes nothing on the page. */
const CAMPAIGN_SLUG = /^[a-z0-9-]{1,40}$/;

/** The landers whose texts live under `landers.<name>` and which take a campaign slug. */
export type CampaignLander = 'maplanding' | 'socialnetwork' | 'video' | 'transitionsvideolanding';

/** Any slug but a campaign's is the site's 404, as spec §8 wants for a route whose validation fails. */
export function requireCampaignSlug(slug: string | undefined): void {
  if (slug !== undefined && !CAMPAIGN_SLUG.test(slug)) throw data('This page could not be found', { status: 404 });
}

export interface LanderHead {
  title: string;
  description: string;
}

/**
 * The lander's title and description in the visitor's language, worked out by the loader:
 * `meta` runs outside React and has no translator, and search engines and the Lighthouse SEO
 * audit want both.
 */
export function landerHead(context: AppLoadContext, lander: CampaignLander): LanderHead {
  const messages = context.getMessages(context.language, 'common') as { landers?: Record<string, { meta_title?: string; meta_description?: string }> };
  const texts = messages.landers?.[lander];
  const siteName = context.settings.name;
  const fill = (text: string | undefined) => (text ?? '').replaceAll('{{site_name}}', siteName);
  return { title: `${fill(texts?.meta_title)} | ${siteName}`, description: fill(texts?.meta_description) };
}

/** A lander's `meta`: its own title and description from the loader. */
export function landerMeta(head: LanderHead | undefined) {
  if (!head) return [];
  return [{ title: head.title }, { name: 'description', content: head.description }];
}
