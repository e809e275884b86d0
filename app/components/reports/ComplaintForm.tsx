import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Link } from '../ui/links';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { useRootData } from '../../root';

/**
 * The `/complaints` page's form: a signed-in member's complaint about the service goes into the
 * same reports queue as reports of profiles (reason `other`, no target), and is answered by e-mail.
 */
export function ComplaintForm() {
  const { t } = useTranslation();
  const { user } = useRootData();
  const [text, setText] = useState('');
  const [sent, setSent] = useState(false);
  const send = useApiAction(() => api('reports.php', { method: 'POST', body: { reason: 'other', text: text.trim() } }));

  if (!user) {
    return (
      <p className="mt-4">
        <Link to="/login">{t('report.complaint_login')}</Link>
      </p>
    );
  }
  if (sent) {
    return (
      <p className="alert alert-success mt-4" role="status">
        {t('report.complaint_sent')}
      </p>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ((await send.run()) !== undefined) setSent(true);
  };
  return (
    <form className="mt-4" onSubmit={(event) => void submit(event)} aria-labelledby="complaint-title" style={{ maxWidth: 720 }}>
      <h2 className="h5" id="complaint-title">
        {t('report.complaint_title')}
      </h2>
      <label className="form-label" htmlFor="complaint-text">
        {t('report.complaint_text_label')}
      </label>
      <textarea
        id="complaint-text"
        className="form-control"
        rows={5}
        minLength={10}
        maxLength={2000}
        required
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-describedby="complaint-hint"
      />
      <div id="complaint-hint" className="form-text">
        {t('report.complaint_hint')}
      </div>
      {send.error && (
        <p className="alert alert-danger mt-2" role="alert">
          {send.error.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary mt-2" disabled={send.pending || text.trim().length < 10}>
        {t('report.complaint_submit')}
      </button>
    </form>
  );
}
