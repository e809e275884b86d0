import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../lib/use-translation';
import { BuyCreditsLink } from './BuyCreditsLink';
import { ApiError, MAX_RETRIES, sendWithRetries } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import type { SendResult } from './Composer';

type Target = { conversation_id: number } | { profile_id: number };

/**
 * A photo message goes as multipart to messages.php, retried like every call (spec §7) with the
 * same client id on every try, so it is stored and paid once.
 */
async function sendPhotoMessage(target: Target, clientId: string, file: File): Promise<SendResult> {
  const response = await sendWithRetries(() => {
    const body = new FormData();
    for (const [name, value] of Object.entries(target)) body.append(name, String(value));
    body.append('client_id', clientId);
    body.append('file', file);
    return fetch('/api/messages.php', { method: 'POST', body, credentials: 'same-origin', headers: { accept: 'application/json' } });
  }, MAX_RETRIES);
  const payload = await response.json().catch(() => null);
  if (!response.ok) throw new ApiError(response.status, payload ?? { error: 'internal_error', message: response.statusText });
  return payload as SendResult;
}

/** The photo button: choose a picture, see it with its price, then send it or not. */
export function PhotoSender({ target, price, credits, onSent }: { target: Target; price: number; credits: number; onSent: (result: SendResult) => void }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const send = useApiAction((chosen: File, id: string) => sendPhotoMessage(target, id, chosen));

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    send.clearError();
    setClientId(crypto.randomUUID());
    setFile(chosen);
  };
  const submit = async () => {
    if (!file) return;
    const result = await send.run(file, clientId);
    if (!result) return;
    setFile(null);
    onSent(result);
  };

  // A photo the member cannot pay for is not offered as if it could be sent: the button says why.
  const short = credits < price;
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={short}
        aria-describedby={short ? 'photo-sender-short' : undefined}
        onClick={() => input.current?.click()}
      >
        {t('chat.photo_button')}
      </button>
      {short && (
        <span id="photo-sender-short" className="small text-body-secondary align-self-center" data-testid="photo-credits-short">
          {t('chat.photo_price', { price, credits })} <BuyCreditsLink />
        </span>
      )}
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="d-none"
        aria-label={t('chat.photo_input')}
        data-testid="chat-photo-input"
        onChange={choose}
      />
      <Modal show={!!file} onHide={() => setFile(null)} centered aria-labelledby="photo-sender-title">
        <Modal.Header closeButton closeLabel={t('chat.media_close')}>
          <Modal.Title id="photo-sender-title" className="h5">
            {t('chat.photo_button')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="text-center">
          {send.error && (
            <div className="alert alert-warning py-2 text-start" role="alert">
              {send.error.message} {send.error.code === 'insufficient_credits' && <BuyCreditsLink />}
            </div>
          )}
          {preview && <img src={preview} alt={t('chat.photo_preview_alt')} className="img-fluid rounded mb-2" style={{ maxHeight: 320 }} />}
          <p className="small text-body-secondary mb-0" data-testid="photo-price">
            {t('chat.photo_price', { price, credits })}
          </p>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={() => setFile(null)}>
            {t('chat.photo_cancel')}
          </button>
          <button type="button" className="btn btn-primary" disabled={send.pending} onClick={() => void submit()}>
            {t('chat.photo_send')}
          </button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
