import { useLocation, useNavigate } from 'react-router';
import { useRootData } from '../../root';
import { useSignupModal } from '../../state/signup-modal';

/**
 * What a lander's "meet" and "join" buttons do: a visitor gets the sign-up modal (with the
 * member as its target when there is one); a member, who has nothing to sign up for, is taken
 * to that member or to the members. `hrefOf` is the same place as a plain link, for the page
 * before its scripts run: it keeps the campaign's query (network, ref, sub1–3).
 */
export function useLanderJoin() {
  const { user } = useRootData();
  const { search } = useLocation();
  const navigate = useNavigate();
  const openSignup = useSignupModal((state) => state.open);

  const hrefOf = (targetId?: number) => {
    if (user) return targetId ? `/members/${targetId}` : '/members';
    return targetId ? `/members/${targetId}/signup${search}` : `/signup${search}`;
  };
  const join = (targetId?: number) => {
    if (user) navigate(hrefOf(targetId));
    else openSignup(targetId);
  };
  return { join, hrefOf, isMember: !!user };
}
