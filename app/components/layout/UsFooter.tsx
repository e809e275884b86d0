import { useTranslation } from '../../lib/use-translation';

/** The record-keeping statement US visitors expect on an adult site (spec §2: English + flag). */
export function UsFooter() {
  const { t } = useTranslation();
  return (
    <p className="text-body-secondary small mt-2 mb-0" data-testid="us-footer">
      {t('footer.us_statement')}
    </p>
  );
}
