import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../lib/use-translation';
import type { AutoLike } from '../../../contract/profiles';
import { photoUrl } from '../../lib/media';
import { useRootData } from '../../root';
import { FictionalBadge } from './FictionalBadge';
import { MatchMessageBox } from './MatchMessageBox';

export interface MatchPopupProps {
  liker: AutoLike | null;
  onClose: () => void;
  onImagePressed: (profileId: number) => void;
  onButtonPressed: (profileId: number) => void;
  /**
   * The like was returned (issue 35): "You and X like each other", both photos, a message box
   * with an icebreaker, and the button opens the match page. Without it: the spec's "New like!".
   */
  isMatch?: boolean;
}

/** Spec §2: 'New like!' with the liker's main image and one button; a fictional liker is labelled as such. */
export function MatchPopup({ liker, onClose, onImagePressed, onButtonPressed, isMatch = false }: MatchPopupProps) {
  const { t } = useTranslation();
  const { user } = useRootData();
  if (isMatch) {
    const mine = user?.profile.main_image;
    return (
      <Modal show={!!liker} onHide={onClose} centered aria-labelledby="match-popup-title" data-testid="match-moment">
        <Modal.Header closeButton closeLabel={t('signup.close')}>
          <Modal.Title id="match-popup-title" className="h5">
            {liker ? t('likes.match_title', { name: liker.name }) : ''}
          </Modal.Title>
        </Modal.Header>
        {liker && (
          <Modal.Body className="text-center">
            <div className="d-flex justify-content-center gap-3 mb-3">
              {mine ? <img src={photoUrl(mine.thumb_filename)} alt="" width={96} height={96} className="rounded-circle object-fit-cover" /> : null}
              <button
                type="button"
                className="btn p-0 border-0"
                onClick={() => onImagePressed(liker.id)}
                aria-label={t('likes.view_profile', { name: liker.name })}
              >
                {liker.main_image ? (
                  <img src={photoUrl(liker.main_image.thumb_filename)} alt="" width={96} height={96} className="rounded-circle object-fit-cover" />
                ) : (
                  <span className="d-inline-block rounded-circle bg-secondary" style={{ width: 96, height: 96 }} />
                )}
              </button>
            </div>
            {liker.is_fictional && (
              <p data-testid="match-popup-fictional">
                <FictionalBadge />
              </p>
            )}
            <MatchMessageBox profileId={liker.id} name={liker.name} />
            <button type="button" className="btn btn-link mt-2" onClick={() => onButtonPressed(liker.id)}>
              {t('likes.match_open_page')}
            </button>
          </Modal.Body>
        )}
      </Modal>
    );
  }
  return (
    <Modal show={!!liker} onHide={onClose} centered size="sm" aria-labelledby="match-popup-title">
      <Modal.Header closeButton closeLabel={t('signup.close')}>
        <Modal.Title id="match-popup-title">{t('likes.new_like')}</Modal.Title>
      </Modal.Header>
      {liker && (
        <Modal.Body className="text-center">
          <button
            type="button"
            className="btn p-0 border-0 mb-3"
            onClick={() => onImagePressed(liker.id)}
            aria-label={t('likes.view_profile', { name: liker.name })}
          >
            {liker.main_image ? (
              <img src={photoUrl(liker.main_image.filename)} alt="" width={200} height={200} className="rounded-circle object-fit-cover" />
            ) : (
              <span className="d-inline-block rounded-circle bg-secondary" style={{ width: 200, height: 200 }} />
            )}
          </button>
          <p className="mb-2">{t('likes.liked_you', { name: liker.name })}</p>
          {liker.is_fictional && (
            <p data-testid="match-popup-fictional">
              <FictionalBadge />
            </p>
          )}
          <button type="button" className="btn btn-primary w-100" onClick={() => onButtonPressed(liker.id)}>
            {t('likes.view_profile', { name: liker.name })}
          </button>
        </Modal.Body>
      )}
    </Modal>
  );
}
