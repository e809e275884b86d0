import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import { sendTextMessage } from '../../realtime/send-message';

/**
 * The match moment's first message (issue 35): the box starts with an icebreaker suggestion the
 * member may change; sending goes the chat's usual way (the same price, the same safety checks).
 */
export function MatchMessageBox({ profileId, name }: { profileId: number; name: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(() => t('chat.icebreakers.weekend'));
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setState('sending');
    try {
      await sendTextMessage({ profile_id: profileId, text: text.trim(), client_id: crypto.randomUUID() });
      setState('sent');
    } catch {
      setState('failed');
    }
  };
  if (state === 'sent' || state === 'failed')
    return (
      <div className="text-start" role="status" data-testid="match-message-result">
        <p className="mb-2">{state === 'sent' ? t('likes.match_sent', { name }) : t('likes.match_send_failed')}</p>
        <Link className="btn btn-outline-primary w-100" to={`/members/${profileId}/chat`}>
          {t('likes.match_go_chat')}
        </Link>
      </div>
    );
  return (
    <form className="text-start" onSubmit={send}>
      <label htmlFor={id} className="form-label small">
        {t('likes.match_message_label', { name })}
      </label>
      <textarea id={id} className="form-control mb-2" rows={2} value={text} onChange={(event) => setText(event.target.value)} maxLength={2000} />
      <button type="submit" className="btn btn-primary w-100" disabled={state === 'sending'}>
        {t('likes.match_send')}
      </button>
    </form>
  );
}
