import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { BuyCreditsLink } from './BuyCreditsLink';
import type { SendMessageResponse } from '../../../contract/chat';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { sendTextMessage } from '../../realtime/send-message';
import { useRootData } from '../../root';
import { GiftPicker } from './GiftPicker';
import { IcebreakerModal } from './IcebreakerModal';
import { PhotoSender } from './PhotoSender';
import { SafetyConfirmation } from './SafetyConfirmation';

/** What a send answers, whichever way it went (text, gift or photo). */
export type SendResult = SendMessageResponse;

/**
 * Writing a message: the price of the next one is always shown before sending (spec: honest
 * prices), and each send carries its own id so a retry is never charged twice. Gifts and
 * photos have their own buttons, each showing its price before anything is sent.
 */
export function Composer({
  target,
  recipientName,
  fictionalProfileId,
  price,
  credits,
  maxLength,
  showIcebreakers,
  openIcebreakersOnStart = false,
  onSent,
  onTyping,
}: {
  target: { conversation_id: number } | { profile_id: number };
  recipientName: string;
  /** The recipient, when it is a fictional profile: its warning is confirmed once before the first paid message. */
  fictionalProfileId?: number;
  price: number;
  credits: number;
  maxLength: number;
  /** A conversation without messages yet: the icebreaker button is offered. */
  showIcebreakers: boolean;
  /** Starting a new conversation: the icebreaker dialog opens by itself once. */
  openIcebreakersOnStart?: boolean;
  onSent: (result: SendResult) => void;
  onTyping?: () => void;
}) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const [text, setText] = useState('');
  const [showGifts, setShowGifts] = useState(false);
  const [showIcebreakerModal, setShowIcebreakerModal] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  // The box grows with its text, up to about five lines (its CSS max-height), then scrolls.
  useEffect(() => {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
  }, [text]);
  // Opened after hydration, not in the server's HTML: the dialog needs the browser to run.
  useEffect(() => {
    if (openIcebreakersOnStart) setShowIcebreakerModal(true);
  }, [openIcebreakersOnStart]);
  const chooseIcebreaker = (suggestion: string) => {
    setText(suggestion);
    setShowIcebreakerModal(false);
  };
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const send = useApiAction(sendTextMessage);
  // Issue 16: the server refuses the first paid text to a fictional profile until the member
  // confirmed its warning and price; the confirmation is kept on the server, so it is asked once.
  const confirm = useApiAction((profileId: number) => api('fictional-confirmation.php', { method: 'POST', body: { profile_id: profileId } }));
  const asksConfirmation = send.error?.code === 'fictional_confirmation_required' && fictionalProfileId !== undefined;

  // Issue 32: a text with contact details, a money request or an off-site move is refused with
  // `message_safety_confirm` and the reason; the member sends it again, confirmed, or edits it.
  const asksSafety = send.error?.code === 'message_safety_confirm';
  const deliver = async (confirmedSafety = false) => {
    const result = await send.run({ ...target, text, client_id: clientId, ...(confirmedSafety && { confirmed_safety: true }) });
    if (result) {
      setText('');
      setClientId(crypto.randomUUID());
      onSent(result);
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    await deliver();
  };
  const confirmAndSend = async () => {
    if ((await confirm.run(fictionalProfileId!)) !== undefined) await deliver();
  };

  return (
    <form onSubmit={submit} className="border-top p-2 bg-body chat-composer">
      {asksSafety ? (
        <SafetyConfirmation reason={send.error!.message} pending={send.pending} onSend={() => void deliver(true)} onEdit={send.clearError} />
      ) : asksConfirmation ? (
        <div className="alert alert-info py-2 mb-2" role="alertdialog" aria-labelledby="fictional-confirm-title" data-testid="fictional-confirmation">
          <p className="fw-bold mb-1" id="fictional-confirm-title">
            <span aria-hidden="true">{settings.fictional_icon || '★'}</span> {t('chat.fictional_confirm.title')}
          </p>
          <p className="mb-1">{settings.fictional_warning || send.error!.message}</p>
          <p className="mb-2">{t('chat.fictional_confirm.price', { price })}</p>
          {confirm.error && <p className="text-danger mb-2">{confirm.error.message}</p>}
          <div className="d-flex flex-wrap gap-2">
            <button type="button" className="btn btn-sm btn-primary" onClick={() => void confirmAndSend()} disabled={confirm.pending || send.pending}>
              {t('chat.fictional_confirm.send', { price })}
            </button>
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={send.clearError}>
              {t('chat.fictional_confirm.cancel')}
            </button>
          </div>
        </div>
      ) : (
        send.error && (
          <div className="alert alert-warning py-2 mb-2" role="alert">
            {send.error.message} {send.error.code === 'insufficient_credits' && <BuyCreditsLink />}
          </div>
        )
      )}
      <div className="d-flex flex-wrap gap-2 mb-2">
        {showIcebreakers && (
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setShowIcebreakerModal(true)}>
            {t('icebreaker.button')}
          </button>
        )}
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setShowGifts(true)}>
          {t('chat.gift_button')}
        </button>
        <PhotoSender target={target} price={settings.photo_credits} credits={credits} onSent={onSent} />
      </div>
      <GiftPicker show={showGifts} target={target} credits={credits} onClose={() => setShowGifts(false)} onSent={onSent} />
      <IcebreakerModal
        show={showIcebreakerModal}
        name={recipientName}
        price={price}
        onChoose={chooseIcebreaker}
        onClose={() => setShowIcebreakerModal(false)}
        onExited={() => textarea.current?.focus()}
      />
      <div className="d-flex gap-2 align-items-end">
        <label className="visually-hidden" htmlFor="composer-text">
          {t('chat.message_label')}
        </label>
        <textarea
          ref={textarea}
          id="composer-text"
          className="form-control chat-composer__text"
          rows={1}
          maxLength={maxLength}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            onTyping?.();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
        />
        <button type="submit" className="btn btn-primary" disabled={send.pending || !text.trim()}>
          {t('chat.send')}
        </button>
      </div>
      <p className="small text-body-secondary mb-0 mt-1" data-testid="message-price">
        {price === 0 ? t('chat.price_free') : t('chat.price', { price, credits })}
      </p>
    </form>
  );
}
