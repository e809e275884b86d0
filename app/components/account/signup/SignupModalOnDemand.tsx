import { lazy, Suspense, useState } from 'react';
import { useSignupModal } from '../../../state/signup-modal';

/**
 * The sign-up modal's code (react-bootstrap's Modal and the whole sign-up form) loads when a
 * visitor first opens it, not with every visitor page: it is never on the first screen.
 */
const SignupModal = lazy(() => import('./SignupModal').then((module) => ({ default: module.SignupModal })));

/**
 * The layouts' sign-up modal: nothing until it is first opened, then mounted for good (so it fades
 * out as before). For a member only while it is still open: the sign-up just made them one, and its
 * completion step waits for them to continue.
 */
export function SignupModalOnDemand({ isMember = false }: { isMember?: boolean }) {
  const isOpen = useSignupModal((state) => state.isOpen);
  const [wasOpened, setWasOpened] = useState(isOpen);
  if (isOpen && !wasOpened) setWasOpened(true);
  if (!wasOpened || (isMember && !isOpen)) return null;
  return (
    <Suspense fallback={null}>
      <SignupModal />
    </Suspense>
  );
}
