import { useTranslation } from '../../lib/use-translation';
import { useRootData } from '../../root';
import { SignupButton } from './SignupButton';

/** What a lander shows where faces would be when the site has no member with a photo yet: an invitation to be among the first. */
export function NoMembersYet() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  return (
    <div className="lander-empty text-center rounded-4 p-4 p-md-5" data-testid="lander-empty">
      <h2 className="h4">{t('landers.common.empty_title', { site_name: settings.name })}</h2>
      <p className="mb-4">{t('landers.common.empty_text')}</p>
      <SignupButton className="btn btn-primary btn-lg" />
    </div>
  );
}
