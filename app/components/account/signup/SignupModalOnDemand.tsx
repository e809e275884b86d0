import { lazy, Suspense, useState } from 'react';
import { useSignupModal } from '../../../state/signup-modal';

/**
 * The sign-up modal's code (react-bootstrap's Modal and the whole sign-up form) loads when a
 * visitor first opens it, not with every visitor page: it is never on the first screen.
 */
const SignupModal = lazy(() => import('./SignupModal').then((module) => ({ default: module.SignupModal })));

/** The layouts' sign-up modal: nothing until it is first opened, then mounted for good (so it fades out as before). */
export function SignupModalOnDemand() {
  const isOpen = useSignupModal((state) => state.isOpen);
  const [wasOpened, setWasOpened] = useState(isOpen);
  if (isOpen && !wasOpened) setWasOpened(true);
  if (!wasOpened) return null;
  return (
    <Suspense fallback={null}>
      <SignupModal />
    </Suspense>
  );
}
