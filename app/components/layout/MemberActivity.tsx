import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { User } from '../../../contract/accounts';
import type { AutoLike, LikesResponse } from '../../../contract/profiles';
import { useRealtime } from '../../realtime/realtime-store';
import { refreshChats } from '../../realtime/refresh-chats';
import { useRootData } from '../../root';
import { api } from '../../lib/api-client';
import { showAppBadge } from '../../lib/app-badge';
import { refreshIntervalFor } from '../../lib/push/push-state';
import { useCounters } from '../../state/counters';
import { rememberFreshMember } from '../../state/member';
import { usePush } from '../../state/push';
import { MatchPopup } from '../profile/MatchPopup';
import { useMatchMoment } from '../../state/match-moment';

/**
 * Spec §4/§9: refresh 5 s after load, then every 60 s (every 5 minutes when push is subscribed:
 * pushes bring the news then); likes again ~500 ms after a like popup.
 */
const FIRST_REFRESH_MS = 5_000;
const LIKES_RELOAD_DELAY_MS = 500;

async function refreshLikes() {
  const likes = await api<LikesResponse>('likes.php');
  useCounters.getState().set({ newLikes: likes.total_new_likes });
}

async function refreshMember(base: User) {
  const { user } = await api<{ user: User }>('user.php');
  rememberFreshMember(base, user);
}

async function refreshAll(base: User) {
  // The chat list goes through the same coalesced refresh as socket events: one request in flight.
  refreshChats();
  await Promise.all([refreshLikes(), refreshMember(base)]);
}

/**
 * Keeps a logged-in member's counters fresh, mirrors them in the page title and the installed
 * app's badge, and shows the like popup the `t` query flag asks for.
 */
export function MemberActivity() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [liker, setLiker] = useState<AutoLike | null>(null);
  const { unreadMessages, newLikes } = useCounters();

  const { user } = useRootData();
  const memberId = user?.id ?? null;
  // The socket module loads only for members, keeping it out of visitors' pages.
  useEffect(() => {
    if (!memberId) return;
    let connection: { close(): void } | null = null;
    let cancelled = false;
    void import('../../realtime/socket').then(({ connectRealtime }) => {
      if (cancelled) return;
      const opened = connectRealtime({
        memberId,
        openConversationId: () => useRealtime.getState().openConversationId,
        onAuthenticationLost: () => window.location.assign('/login'),
      });
      connection = opened;
      useRealtime.setState({ connection: opened });
    });
    return () => {
      cancelled = true;
      connection?.close();
      useRealtime.setState({ connection: null });
    };
  }, [memberId]);

  // Spec §4 push states: known once the browser answers; the refresh period follows them.
  useEffect(() => {
    if (memberId) void usePush.getState().check(memberId);
  }, [memberId]);
  const refreshEveryMs = refreshIntervalFor(usePush((state) => state.state));
  const latestUser = useRef(user);
  latestUser.current = user;
  useEffect(() => {
    const refresh = () => {
      if (latestUser.current) void refreshAll(latestUser.current).catch(() => {});
    };
    const first = setTimeout(refresh, FIRST_REFRESH_MS);
    return () => clearTimeout(first);
  }, []);
  useEffect(() => {
    const every = setInterval(() => {
      if (latestUser.current) void refreshAll(latestUser.current).catch(() => {});
    }, refreshEveryMs);
    return () => clearInterval(every);
  }, [refreshEveryMs]);

  // Spec §2: "(n) " before the page title, and the same count on the app icon.
  useEffect(() => {
    const count = unreadMessages + newLikes;
    const base = document.title.replace(/^\(\d+\+?\) /, '');
    document.title = count > 0 ? `(${count > 99 ? '99+' : count}) ${base}` : base;
  });
  const badgeCount = unreadMessages + newLikes;
  useEffect(() => showAppBadge(badgeCount), [badgeCount]);

  // Spec §4: `t` (seconds) shows a like popup after that delay, then leaves the URL.
  const delay = Number(params.get('t'));
  useEffect(() => {
    if (!Number.isFinite(delay) || delay <= 0) return;
    const timer = setTimeout(async () => {
      setParams(
        (current) => {
          current.delete('t');
          return current;
        },
        { replace: true },
      );
      const found = await api<AutoLike | null>('auto-like.php').catch(() => null);
      if (found) setLiker(found);
      setTimeout(() => void refreshLikes().catch(() => {}), LIKES_RELOAD_DELAY_MS);
    }, delay * 1000);
    return () => clearTimeout(timer);
  }, [delay, setParams]);

  const match = useMatchMoment((state) => state.profile);
  return (
    <>
      <MatchPopup
        liker={match}
        isMatch
        onClose={() => useMatchMoment.getState().close()}
        onImagePressed={(id) => {
          useMatchMoment.getState().close();
          navigate(`/members/${id}`);
        }}
        onButtonPressed={(id) => {
          useMatchMoment.getState().close();
          navigate(`/likes/m/${id}`);
        }}
      />
      <MatchPopup
        liker={liker}
        onClose={() => setLiker(null)}
        onImagePressed={(id) => {
          setLiker(null);
          navigate(`/members/${id}`);
        }}
        onButtonPressed={(id) => {
          setLiker(null);
          navigate(`/members/${id}`);
        }}
      />
    </>
  );
}
