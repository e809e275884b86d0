import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { data, useLoaderData, useRevalidator } from 'react-router';
import { Link } from '../../components/ui/links';
import type { CannedRepliesList } from '../../../contract/admin/canned-replies';
import type { InboxConversation } from '../../../contract/admin/fictional';
import type { HostNotes } from '../../../contract/admin/host-notes';
import { CannedReplyPicker } from '../../components/admin/inbox/CannedReplyPicker';
import { HostNotesPanel } from '../../components/admin/inbox/HostNotesPanel';
import { HostProfileCard } from '../../components/admin/inbox/HostProfileCard';
import { usePolling } from '../../components/admin/use-polling';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import type { Route } from './+types/inbox-conversation';

const NO_NOTES: HostNotes = { member: [], profile: [] };

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!context.staff) return { conversation: null, cannedReplies: [], notes: NO_NOTES };
  const answer = await context.adminGet<InboxConversation | { message: string }>(`/api/admin/inbox/${encodeURIComponent(params.id)}`);
  if (answer.status === 403 || answer.status === 401) throw data('Your role does not allow this page.', { status: 403 });
  if (answer.status !== 200) throw data((answer.body as { message: string }).message, { status: answer.status === 400 ? 404 : answer.status });
  const conversation = answer.body as InboxConversation;
  const [canned, notes] = await Promise.all([
    context.adminGet<CannedRepliesList>(`/api/admin/canned-replies?site_id=${conversation.site_id}`),
    context.adminGet<HostNotes>(`/api/admin/inbox/${conversation.conversation_id}/notes`),
  ]);
  return {
    conversation,
    cannedReplies: canned.status === 200 ? (canned.body as CannedRepliesList).items : [],
    notes: notes.status === 200 ? (notes.body as HostNotes) : NO_NOTES,
  };
}

/**
 * `/admin/inbox/{id}` — the fictional profile the host speaks as and the member's public profile beside the conversation so far and a reply
 * box. Answering claims the conversation (or is refused when another host holds it); the answer
 * goes out as the fictional profile and reaches the member live, like any message.
 */
export default function InboxConversationPage() {
  const { t } = useTranslation();
  const { conversation, cannedReplies, notes } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  usePolling(4000);
  const [text, setText] = useState('');
  const [clientId, setClientId] = useState(() => crypto.randomUUID());
  const id = conversation?.conversation_id;
  const claim = useApiAction(() => api(`/api/admin/inbox/${id}/claim`, { method: 'POST', retries: 0 }));
  const release = useApiAction(() => api(`/api/admin/inbox/${id}/claim`, { method: 'DELETE', retries: 0 }));
  const reply = useApiAction(() => api(`/api/admin/inbox/${id}/reply`, { method: 'POST', body: { text, client_id: clientId }, retries: 0 }));
  const log = useRef<HTMLDivElement>(null);
  const count = conversation?.messages.length ?? 0;
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [count]);
  if (!conversation) return null;
  const { member, fictional } = conversation;

  const act = async (action: typeof claim) => {
    if ((await action.run()) !== undefined) await revalidator.revalidate();
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    if ((await reply.run()) !== undefined) {
      setText('');
      setClientId(crypto.randomUUID());
      await revalidator.revalidate();
    }
  };
  const error = reply.error ?? claim.error ?? release.error;

  return (
    <>
      <Link to="/admin/inbox" className="small">
        ← {t('inbox.back')}
      </Link>
      <h1 className="h4 mt-2">{t('inbox.conversation_title', { member: member.name, profile: fictional.name })}</h1>
      <div className="row g-3">
        <aside className="col-12 col-lg-4 d-flex flex-column gap-3" aria-label={t('inbox.profiles')}>
          <HostProfileCard profile={fictional} heading={t('inbox.speaking_as', { name: fictional.name })} testId="fictional-profile">
            <HostNotesPanel conversationId={conversation.conversation_id} about="profile" notes={notes.profile} />
          </HostProfileCard>
          <HostProfileCard profile={member} heading={t('inbox.member_profile')} testId="member-profile">
            <HostNotesPanel conversationId={conversation.conversation_id} about="member" notes={notes.member} />
          </HostProfileCard>
        </aside>
        <section className="col-12 col-lg-8 d-flex flex-column" aria-labelledby="messages-heading">
          <h2 className="h6" id="messages-heading">
            {t('inbox.messages')}
          </h2>
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2" data-testid="claim-status">
            {conversation.claim?.mine ? (
              <>
                <span className="small">{t('inbox.claimed_by_you', { time: new Date(conversation.claim.expires_at).toISOString().slice(11, 16) })}</span>
                <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => void act(release)} disabled={release.pending}>
                  {t('inbox.release_button')}
                </button>
              </>
            ) : conversation.claim ? (
              <span className="small text-danger">{t('inbox.claimed_by_other')}</span>
            ) : (
              <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void act(claim)} disabled={claim.pending}>
                {t('inbox.claim_button')}
              </button>
            )}
          </div>
          <div
            ref={log}
            className="border rounded p-2 bg-light overflow-auto focus-ring"
            style={{ maxHeight: '55vh' }}
            role="log"
            aria-label={t('inbox.messages')}
            tabIndex={0}
            data-testid="host-messages"
          >
            {conversation.messages.map((message) => {
              const fromProfile = message.sender_id === fictional.id;
              return (
                <div key={message.id} className={`d-flex mb-2 ${fromProfile ? 'justify-content-end' : 'justify-content-start'}`} data-testid="host-message">
                  <div
                    className={`rounded-3 px-3 py-2 ${fromProfile ? 'bg-primary-subtle' : 'bg-body border'}`}
                    style={{ maxWidth: '80%', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                  >
                    <div className="small fw-bold">
                      {fromProfile ? t('inbox.from_profile', { name: fictional.name }) : t('inbox.from_member', { name: member.name })}
                    </div>
                    {message.kind === 'text' ? message.text : `[${message.kind}]`}
                    <div className="small text-body-secondary text-end">{message.created_at.slice(0, 16).replace('T', ' ')}</div>
                  </div>
                </div>
              );
            })}
          </div>
          {error && (
            <div className="alert alert-danger mt-2 mb-0" role="alert">
              {error.message}
            </div>
          )}
          <form onSubmit={send} className="mt-2">
            <CannedReplyPicker
              replies={cannedReplies}
              memberLanguage={conversation.member_language}
              names={{ member: member.name, profile: fictional.name }}
              onPick={(picked) => {
                setText(picked);
                if (!conversation.claim) void act(claim);
              }}
            />
            <label className="form-label" htmlFor="host-reply">
              {t('inbox.reply_label', { name: fictional.name })}
            </label>
            <textarea
              id="host-reply"
              className="form-control"
              rows={3}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onFocus={() => {
                // Starting to write takes the conversation, so nobody else starts on it meanwhile.
                if (!conversation.claim) void act(claim);
              }}
            />
            <button
              type="submit"
              className="btn btn-primary mt-2"
              disabled={reply.pending || !text.trim() || (!!conversation.claim && !conversation.claim.mine)}
            >
              {t('inbox.send')}
            </button>
          </form>
        </section>
      </div>
    </>
  );
}
