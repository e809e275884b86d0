import { Fragment } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLoaderData } from 'react-router';
import { SignupButton } from '../../components/landers/SignupButton';
import { EmptyAvatar } from '../../components/landers/socialnetwork/Avatar';
import { FeedPost } from '../../components/landers/socialnetwork/FeedPost';
import { PeopleYouMayKnow } from '../../components/landers/socialnetwork/PeopleYouMayKnow';
import { StoryBar } from '../../components/landers/socialnetwork/StoryBar';
import { useRootData } from '../../root';
import { landerMeta, loadLander } from './lander-loader';
import type { Route } from './+types/socialnetwork';
import stylesHref from '../../styles/landers/pages/socialnetwork.scss?url';

/** This lander's styles, only on this page (issue 20); with a precedence, a client navigation waits for them. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: stylesHref, precedence: 'default' }];

const DECK_SIZE = 20;
const POSTS = 8;
const PEOPLE = 5;
/** Photo posts and greetings take turns, so the feed does not read as one long gallery. */
const POST_KINDS = ['photo', 'hello', 'photo', 'photo', 'hello'] as const;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { cards, title, description } = await loadLander(context, 'socialnetwork', params.slug, DECK_SIZE);
  const posts = cards.slice(0, POSTS);
  // Faces not in the feed when there are enough; on a small site the newest ones again.
  const people = cards.length > POSTS ? cards.slice(POSTS, POSTS + PEOPLE) : cards.slice(-PEOPLE).reverse();
  return { title, description, stories: cards.slice(0, 12), posts, people };
}

export function meta({ data }: Route.MetaArgs) {
  return landerMeta(data);
}

/**
 * `/landers/socialnetwork/{slug?}` — the site as a social feed: stories, posts made of members'
 * public cards and "people you may know"; liking, writing or connecting is signing up.
 */
export default function SocialNetworkLander() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const { stories, posts, people } = useLoaderData<typeof loader>();
  return (
    <div className="social-page">
      <section className="social-intro">
        <div className="container py-3 py-md-4 d-flex flex-wrap align-items-center justify-content-between gap-3">
          <div>
            <h1 className="h3 fw-bold mb-1">{t('landers.socialnetwork.title', { site_name: settings.name })}</h1>
            <p className="mb-0 social-intro__lead">{t('landers.socialnetwork.lead')}</p>
          </div>
          <SignupButton className="btn btn-light fw-semibold">{t('landers.socialnetwork.cta')}</SignupButton>
        </div>
      </section>
      <div className="container py-3 py-md-4">
        <div className="row g-3 justify-content-center">
          <aside className="col-lg-3 d-none d-lg-block">
            <div className="social-sticky">
              <section className="card border-0 shadow-sm text-center p-3" aria-labelledby="social-you">
                <div className="mx-auto mb-2">
                  <EmptyAvatar size={72} />
                </div>
                <h2 className="h6" id="social-you">
                  {t('landers.socialnetwork.your_profile_title')}
                </h2>
                <p className="small text-body-secondary">{t('landers.socialnetwork.your_profile_text')}</p>
                <SignupButton className="btn btn-primary w-100">{t('landers.socialnetwork.cta')}</SignupButton>
              </section>
            </div>
          </aside>
          <section className="col-md-8 col-lg-6" aria-label={t('landers.socialnetwork.feed_label')}>
            <StoryBar cards={stories} />
            <SignupButton className="social-composer card border-0 shadow-sm mb-3">
              <EmptyAvatar size={40} />
              <span className="social-composer__field">{t('landers.socialnetwork.composer')}</span>
            </SignupButton>
            {posts.length === 0 && (
              <article className="social-post card border-0 shadow-sm mb-3 p-3" data-testid="social-welcome">
                <h2 className="h5">{t('landers.socialnetwork.welcome_title', { site_name: settings.name })}</h2>
                <p className="mb-3">{t('landers.socialnetwork.welcome_text')}</p>
                <SignupButton className="btn btn-primary">{t('landers.socialnetwork.cta')}</SignupButton>
              </article>
            )}
            {posts.map((card, index) => (
              <Fragment key={card.id}>
                <FeedPost card={card} kind={POST_KINDS[index % POST_KINDS.length]} isFirst={index === 0} />
                {index === 1 && people.length > 0 && (
                  <div className="d-md-none">
                    <PeopleYouMayKnow cards={people} layout="row" />
                  </div>
                )}
              </Fragment>
            ))}
          </section>
          {people.length > 0 && (
            <aside className="col-md-4 col-lg-3 d-none d-md-block">
              <div className="social-sticky">
                <PeopleYouMayKnow cards={people} layout="column" />
              </div>
            </aside>
          )}
        </div>
      </div>
    </div>
  );
}
