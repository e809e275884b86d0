import { useTranslation } from '../../lib/use-translation';
import type { PartnerCard as Card } from '../../../contract/partner-cards';

/**
 * A partner's offer among search results (spec §2 cam-profile card, kinds `cam` and `resell`):
 * dark where members' cards are white, labelled "Partner" (and "Live cam" for a cam), opening
 * the partner's page in a new tab. `rel="sponsored"` tells search engines it is a paid link;
 * `noopener` keeps the partner's page from reaching back into this one.
 */
export function PartnerCard({ card }: { card: Card }) {
  const { t } = useTranslation();
  const title = card.age ? `${card.name}, ${card.age}` : card.name;
  return (
    <article className={`card h-100 partner-card partner-card-${card.kind}`} data-testid="partner-card" data-kind={card.kind}>
      <a href={card.url} target="_blank" rel="sponsored noopener" className="partner-card-link">
        {/* Read first, then the card's visible text: a spoken name that holds what is shown (WCAG 2.5.3). */}
        <span className="visually-hidden">{t('partner.link_label', { name: title, kind: t(`partner.kinds.${card.kind}`) })} </span>
        <div className="ratio ratio-1x1 rounded-top overflow-hidden partner-card-media">
          {card.image ? (
            <img src={card.image} alt="" loading="lazy" className="object-fit-cover" />
          ) : (
            <div className="partner-card-placeholder" aria-hidden="true" />
          )}
          <div className="partner-card-badges">
            <span className="badge partner-card-badge">{t('partner.label')}</span>
            {card.kind === 'cam' && (
              <span className="badge partner-card-live">
                <span className="partner-card-dot" aria-hidden="true" /> {t('partner.live_cam')}
              </span>
            )}
          </div>
        </div>
        <div className="card-body p-2 d-flex flex-column">
          <h3 className="h6 mb-0 text-truncate">{title}</h3>
          <p className="small mb-2 text-truncate partner-card-city">{card.city || '\u00a0'}</p>
          <span className="btn btn-sm btn-light mt-auto w-100 partner-card-cta">
            {t(card.kind === 'cam' ? 'partner.cta_cam' : 'partner.cta_resell')} <span aria-hidden="true">↗</span>
          </span>
          <span className="partner-card-note mt-1">{t('partner.note')}</span>
        </div>
      </a>
    </article>
  );
}
