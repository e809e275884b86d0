import { useTranslation } from '../../../lib/use-translation';
import type { ProfileCard } from '../../../../contract/profiles';
import { photoUrl } from '../../../lib/media';
import { useRootData } from '../../../root';

/** "Up next": every slide of the show as a thumbnail; choosing one jumps the show to it. */
export function Playlist({ cards, index, onIndex }: { cards: ProfileCard[]; index: number; onIndex: (index: number) => void }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  return (
    <section className="container pt-4" aria-labelledby="video-up-next">
      <h2 className="h5 mb-3" id="video-up-next">
        {t('landers.video.up_next')}
      </h2>
      <ul className="video-playlist list-unstyled mb-0">
        {cards.map((card, cardIndex) => (
          <li key={card.id}>
            <button type="button" className="video-playlist__item" aria-current={cardIndex === index ? 'true' : undefined} onClick={() => onIndex(cardIndex)}>
              {card.main_image && (
                <img src={photoUrl(card.main_image.thumb_filename, settings.cdn_prefix)} alt="" width="96" height="120" loading="lazy" decoding="async" />
              )}
              <span className="video-playlist__name">
                <span className="visually-hidden">{t('landers.video.show')} </span>
                {card.name}, {card.age}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
