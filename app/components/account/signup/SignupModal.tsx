import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../../lib/use-translation';
import { useSignupModal } from '../../../state/signup-modal';
import { SignupComplete, SignupFlow } from './SignupFlow';

/**
 * The sign-up modal of the default and empty layouts. While a sign-up is in progress it can
 * only be closed with its close button, never by the backdrop or Escape (spec §2).
 */
export function SignupModal() {
  const { t } = useTranslation();
  const { isOpen, progress, close, setProgress, targetProfileId, target, completedEmail } = useSignupModal();
  const inProgress = progress === 'started';
  return (
    <Modal show={isOpen} onHide={close} backdrop={inProgress ? 'static' : true} keyboard={!inProgress} centered aria-labelledby="signup-modal-title">
      <Modal.Header closeButton closeLabel={t('signup.close')}>
        <Modal.Title id="signup-modal-title">{target ? t('signup.title_target', { name: target.name }) : t('signup.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {progress === 'complete' && completedEmail ? (
          <SignupComplete email={completedEmail} onContinue={close} />
        ) : (
          <SignupFlow key={targetProfileId ?? 'site'} target={target ?? undefined} onProgress={setProgress} />
        )}
      </Modal.Body>
    </Modal>
  );
}
