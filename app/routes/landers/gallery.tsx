import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { ClosingCall } from '../../components/landers/ClosingCall';
import { GalleryGrid } from '../../components/landers/GalleryGrid';
import { NoMembersYet } from '../../components/landers/NoMembersYet';
import { SignupButton } from '../../components/landers/SignupButton';
import { useRootData } from '../../root';
import { landerMeta, loadLander } from './lander-loader';
import type { Route } from './+types/gallery';
import stylesHref from '../../styles/landers/pages/gallery.scss?url';

/** This lander's styles, only on this page (issue 20); with a precedence, a client navigation waits for them. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref, precedence: 'default' }];

/** Six rows of four on a wide screen: enough to browse, few enough to stay light. */
const GALLERY_SIZE = 24;

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, 'gallery', params.slug, GALLERY_SIZE);
}

export function meta({ data }: Route.MetaArgs) {
  return landerMeta(data);
}

/** `/landers/gallery/{slug?}` — a gallery of the site's members; each card leads to signing up to meet that member. */
export default function GalleryLander() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const { cards } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="lander-hero gallery-hero py-4 py-md-5">
        <div className="container d-md-flex align-items-end justify-content-between gap-4">
          <div>
            <p className="text-uppercase small fw-semibold mb-1 lander-hero__eyebrow">{settings.name}</p>
            <h1 className="h2 fw-bold mb-2">{t('landers.gallery.title')}</h1>
            <p className="mb-3 mb-md-0 lander-hero__lead">{t('landers.gallery.lead')}</p>
          </div>
          <SignupButton className="btn btn-light fw-semibold flex-shrink-0" />
        </div>
      </section>
      <section className="container py-4 py-md-5" aria-label={t('landers.gallery.grid_label')}>
        {cards.length ? <GalleryGrid cards={cards} /> : <NoMembersYet />}
      </section>
      <ClosingCall title={t('landers.gallery.closing_title')} text={t('landers.gallery.closing_text', { site_name: settings.name })} />
    </>
  );
}
