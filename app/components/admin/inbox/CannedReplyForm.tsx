import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { CANNED_BODY_MAX, CANNED_TITLE_MAX, type CannedReply } from '../../../../contract/admin/canned-replies';
import { SUPPORTED_LANGUAGES } from '../../../../contract/locales';
import type { ApiError } from '../../../lib/api-client';

export type CannedReplyValues = Pick<CannedReply, 'language' | 'title' | 'body'>;

/** Writing or editing one canned reply: its language, a short title hosts choose by, and the text. */
export function CannedReplyForm({
  idPrefix,
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  idPrefix: string;
  initial: CannedReplyValues;
  submitLabel: string;
  pending: boolean;
  error: ApiError | null;
  onSubmit: (values: CannedReplyValues) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  const field = (name: string) => error?.fieldMessage(`body.${name}`);
  return (
    <form onSubmit={submit} noValidate>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error.message}
        </div>
      )}
      <div className="mb-2">
        <label className="form-label" htmlFor={`${idPrefix}-language`}>
          {t('canned_replies.language')}
        </label>
        <select
          id={`${idPrefix}-language`}
          className="form-select"
          value={values.language}
          onChange={(event) => setValues({ ...values, language: event.target.value as CannedReplyValues['language'] })}
        >
          {SUPPORTED_LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      <div className="mb-2">
        <label className="form-label" htmlFor={`${idPrefix}-title`}>
          {t('canned_replies.reply_title')}
        </label>
        <input
          id={`${idPrefix}-title`}
          className={`form-control ${field('title') ? 'is-invalid' : ''}`}
          maxLength={CANNED_TITLE_MAX}
          value={values.title}
          onChange={(event) => setValues({ ...values, title: event.target.value })}
        />
        {field('title') && <div className="invalid-feedback">{field('title')}</div>}
      </div>
      <div className="mb-2">
        <label className="form-label" htmlFor={`${idPrefix}-body`}>
          {t('canned_replies.body')}
        </label>
        <textarea
          id={`${idPrefix}-body`}
          className={`form-control ${field('body') ? 'is-invalid' : ''}`}
          rows={4}
          maxLength={CANNED_BODY_MAX}
          value={values.body}
          onChange={(event) => setValues({ ...values, body: event.target.value })}
          aria-describedby={`${idPrefix}-body-help`}
        />
        {field('body') && <div className="invalid-feedback">{field('body')}</div>}
        <div className="form-text" id={`${idPrefix}-body-help`}>
          {t('canned_replies.placeholders')}
        </div>
      </div>
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
