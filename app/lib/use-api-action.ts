import { useCallback, useState } from 'react';
import { useTranslation } from './use-translation';
import { toApiError, type ApiError } from './api-client';

/**
 * Runs one API call for a form or a member's action: tracks that it is pending and keeps the
 * refusal, so the form can show the message and mark each field the server named. Unexpected
 * failures (network, 5xx) read 'An error occured, please try again later.' (spec §8).
 */
export function useApiAction<TArgs extends unknown[], TResult>(action: (...args: TArgs) => Promise<TResult>) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);

  const run = useCallback(
    async (...args: TArgs): Promise<TResult | undefined> => {
      setPending(true);
      setError(null);
      try {
        return await action(...args);
      } catch (caught) {
        setError(toApiError(caught, t('errors.try_again_later')));
        return undefined;
      } finally {
        setPending(false);
      }
    },
    [action, t],
  );

  return {
    run,
    pending,
    error,
    clearError: () => setError(null),
    /** The server's text for a field, if it named that field. */
    fieldError: (field: string) => error?.fieldMessage(field),
  };
}
