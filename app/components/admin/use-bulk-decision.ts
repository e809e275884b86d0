import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';

/**
 * The ticked items of a queue page and one decision for all of them (issue 32). Items decided
 * (or already decided by someone else) leave the page through `onSettled`.
 */
export function useBulkDecision(path: string, onSettled: (ids: number[]) => void) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState<number[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const action = useApiAction((body: Record<string, unknown>) => api<{ decided: number[]; skipped: number[] }>(path, { method: 'POST', body, retries: 0 }));
  const toggle = (id: number) => setTicked((list) => (list.includes(id) ? list.filter((other) => other !== id) : [...list, id]));
  const decide = async (decision: Record<string, unknown>) => {
    setMessage(null);
    const answer = await action.run({ ...decision, ids: ticked });
    if (!answer) return;
    onSettled([...answer.decided, ...answer.skipped]);
    setTicked([]);
    setMessage(t('moderation_bulk.done', { decided: answer.decided.length, skipped: answer.skipped.length }));
  };
  return { ticked, toggle, decide, pending: action.pending, error: action.error, message };
}
