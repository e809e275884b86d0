import { useEffect, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../lib/use-translation';
import { BuyCreditsLink } from './BuyCreditsLink';
import type { Gift, GiftsResponse } from '../../../contract/gifts';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import type { SendResult } from './Composer';

/**
 * The site's gifts, each with its price, in a dialog: pick one, then send it for the price
 * the button names. One client id per chosen gift, so a retry never pays twice.
 */
export function GiftPicker({
  show,
  target,
  credits,
  onClose,
  onSent,
}: {
  show: boolean;
  target: { conversation_id: number } | { profile_id: number };
  credits: number;
  onClose: () => void;
  onSent: (result: SendResult) => void;
}) {
  const { t } = useTranslation();
  const [gifts, setGifts] = useState<Gift[] | null>(null);
  const [chosen, setChosen] = useState<Gift | null>(null);
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const load = useApiAction(() => api<GiftsResponse>('gifts.php'));
  const send = useApiAction((body: object) => api<SendResult>('gifts.php', { method: 'POST', body }));

  // The catalogue loads the first time the dialog opens; after a failure, when it opens again.
  const requested = useRef(false);
  const { run: loadGifts } = load;
  useEffect(() => {
    if (!show) {
      requested.current = gifts !== null;
      return;
    }
    if (requested.current) return;
    requested.current = true;
    void loadGifts().then((result) => result && setGifts(result.gifts));
  }, [show, gifts, loadGifts]);

  const choose = (gift: Gift) => {
    setChosen(gift);
    setClientId(crypto.randomUUID());
    send.clearError();
  };
  const submit = async () => {
    if (!chosen) return;
    const result = await send.run({ ...target, gift_id: chosen.id, client_id: clientId });
    if (!result) return;
    setChosen(null);
    setClientId(crypto.randomUUID());
    onSent(result);
    onClose();
  };

  const error = send.error ?? load.error;
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="gift-picker-title">
      <Modal.Header closeButton closeLabel={t('chat.media_close')}>
        <Modal.Title id="gift-picker-title" className="h5">
          {t('chat.gift_picker_title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && (
          <div className="alert alert-warning py-2" role="alert">
            {error.message} {error.code === 'insufficient_credits' && <BuyCreditsLink />}
          </div>
        )}
        <ul className="list-unstyled row row-cols-3 row-cols-sm-5 g-2 mb-0" data-testid="gift-list">
          {gifts?.map((gift) => (
            <li className="col" key={gift.id}>
              <button
                type="button"
                className={`btn w-100 h-100 p-1 d-flex flex-column align-items-center ${chosen?.id === gift.id ? 'btn-primary' : 'btn-outline-secondary'}`}
                aria-pressed={chosen?.id === gift.id}
                aria-label={t('chat.gift_option', { name: gift.name, price: gift.price })}
                onClick={() => choose(gift)}
              >
                <img src={gift.image} alt="" width={48} height={48} />
                <span className="small text-truncate mw-100">{gift.name}</span>
                <span className="small">{t('chat.gift_price', { price: gift.price })}</span>
              </button>
            </li>
          ))}
        </ul>
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <span className="small text-body-secondary">{t('chat.price_credits_left', { credits })}</span>
        <button type="button" className="btn btn-primary" disabled={!chosen || send.pending} onClick={() => void submit()}>
          {chosen ? t('chat.gift_send', { name: chosen.name, price: chosen.price }) : t('chat.gift_button')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
