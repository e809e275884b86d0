import { Outlet } from 'react-router';
import { SignupModalOnDemand } from '../../components/account/signup/SignupModalOnDemand';
import { useRootData } from '../../root';

/** Spec §2: nothing around the page but the sign-up modal. */
export default function EmptyLayout() {
  const { user } = useRootData();
  return (
    <>
      <main id="main">
        <Outlet />
      </main>
      <SignupModalOnDemand isMember={!!user} />
    </>
  );
}
