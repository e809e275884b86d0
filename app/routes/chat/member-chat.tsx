import { useTranslation } from '../../lib/use-translation';
import { data, redirect, useLoaderData, useNavigate } from 'react-router';
import { Link } from '../../components/ui/links';
import { Composer } from '../../components/chat/Composer';
import { TopNav } from '../../components/layout/TopNav';
import { FictionalBadge } from '../../components/profile/FictionalBadge';
import { photoUrl } from '../../lib/media';
import { useRootData } from '../../root';
import type { Route } from './+types/member-chat';

export async function loader({ params, context }: Route.LoaderArgs) {
  const profileId = Number(params.id);
  if (!context.user) throw redirect(`/members/${profileId}/signup`);
  const existing = await context.findConversationWith(profileId);
  if (existing) throw redirect(`/chats/${existing}`);
  const result = await context.viewMember(profileId);
  if (!result.ok) throw data(result.message, { status: result.code === 'not_found' ? 404 : 403 });
  return { profile: result.data, credits: context.user.credits, price: await context.nextMessagePrice() };
}

/** `/members/{id}/chat` — the first message to a member, with the icebreaker dialog (opened at once) and its price. */
export default function MemberChat() {
  const { t } = useTranslation();
  const { profile, credits, price } = useLoaderData<typeof loader>();
  const { settings } = useRootData();
  const navigate = useNavigate();
  return (
    <div className="d-flex flex-column h-100">
      <TopNav hideOnPhone />
      {/* Phones: the chat's own top bar, its back arrow leading to the member's profile. */}
      <header className="chat-topbar d-flex d-md-none align-items-center gap-2 border-bottom p-2">
        <Link
          to={`/members/${profile.id}`}
          className="btn btn-outline-secondary chat-topbar__back"
          aria-label={t('shell.back_to_profile', { name: profile.name })}
        >
          <span aria-hidden="true">‹</span>
        </Link>
        <span className="fw-semibold text-truncate">{profile.name}</span>
      </header>
      <div className="container py-4 flex-grow-1 overflow-auto" style={{ maxWidth: 720 }}>
        <div className="d-flex align-items-center gap-3 mb-3">
          {profile.photos[0] && (
            <img
              src={photoUrl(profile.photos[0].thumb_filename, settings.cdn_prefix)}
              alt=""
              width={64}
              height={64}
              className="rounded-circle object-fit-cover"
            />
          )}
          <h1 className="h4 mb-0">{t('chat.first_message_to', { name: profile.name })}</h1>
          {profile.is_fictional && <FictionalBadge />}
        </div>
        <Composer
          target={{ profile_id: profile.id }}
          recipientName={profile.name}
          fictionalProfileId={profile.is_fictional ? profile.id : undefined}
          price={price}
          credits={credits}
          maxLength={settings.message_length}
          showIcebreakers
          openIcebreakersOnStart
          onSent={(result) => navigate(`/chats/${result.message.conversation_id}`)}
        />
      </div>
    </div>
  );
}
