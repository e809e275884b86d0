import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { showsBackButton } from '../../lib/back-button';
import { useInstalledApp } from '../../lib/use-installed-app';

/** The installed app's back button in the top bar (spec §2), where the spec puts one. */
export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const installed = useInstalledApp();
  const location = useLocation();
  const routeIds = useMatches().map((match) => match.id);
  const [historyState, setHistoryState] = useState<unknown>(null);
  // Read after each navigation, in the browser only (the server has no history).
  useEffect(() => setHistoryState(window.history.state), [location.key]);
  if (!showsBackButton({ installed, routeIds, historyState })) return null;
  return (
    <button type="button" className="btn btn-outline-light btn-sm me-2 app-back-button" onClick={() => navigate(-1)} data-testid="back-button">
      <span aria-hidden="true">‹</span> <span className="app-back-button__label">{t('app_shell.back')}</span>
    </button>
  );
}
