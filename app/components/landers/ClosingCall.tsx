import { useTranslation } from '../../lib/use-translation';
import { SignupButton } from './SignupButton';

/** The last band of a lander: one more reason and the way in, so the visitor never scrolls back up to sign up. */
export function ClosingCall({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <section className="lander-closing text-center py-5">
      <div className="container" style={{ maxWidth: 720 }}>
        <h2 className="h3 fw-bold">{title}</h2>
        <p className="lead mb-4">{text}</p>
        <SignupButton className="btn btn-light btn-lg fw-semibold px-4" />
        <p className="small mt-3 mb-0 lander-closing__note">{t('landers.common.reassurance', { min_age: 18 })}</p>
      </div>
    </section>
  );
}
