import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { CannedReply } from '../../../../contract/admin/canned-replies';

/** `{name}` becomes the member's name and `{profile}` the fictional profile's; nothing else is replaced. */
export function fillPlaceholders(body: string, names: { member: string; profile: string }): string {
  return body.replaceAll('{name}', names.member).replaceAll('{profile}', names.profile);
}

/**
 * The site's canned replies beside the reply box: the host chooses a language (the member's
 * first) and a reply, which fills the box with the placeholders filled in, to be edited before
 * sending.
 */
export function CannedReplyPicker({
  replies,
  memberLanguage,
  names,
  onPick,
}: {
  replies: CannedReply[];
  memberLanguage: string;
  names: { member: string; profile: string };
  onPick: (text: string) => void;
}) {
  const { t } = useTranslation();
  const languages = [...new Set(replies.map((reply) => reply.language))];
  const [language, setLanguage] = useState(languages.includes(memberLanguage as CannedReply['language']) ? memberLanguage : (languages[0] ?? ''));
  if (replies.length === 0) return <p className="small text-body-secondary mb-2">{t('inbox.canned.none')}</p>;
  const shown = replies.filter((reply) => reply.language === language);

  return (
    <div className="d-flex flex-wrap gap-2 mb-2" data-testid="canned-picker">
      <div>
        <label className="form-label small mb-0" htmlFor="canned-language">
          {t('inbox.canned.language')}
        </label>
        <select id="canned-language" className="form-select form-select-sm" value={language} onChange={(event) => setLanguage(event.target.value)}>
          {languages.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
      </div>
      <div className="flex-grow-1">
        <label className="form-label small mb-0" htmlFor="canned-reply">
          {t('inbox.canned.label')}
        </label>
        <select
          id="canned-reply"
          className="form-select form-select-sm"
          value=""
          onChange={(event) => {
            const picked = shown.find((reply) => String(reply.id) === event.target.value);
            if (picked) onPick(fillPlaceholders(picked.body, names));
          }}
        >
          <option value="">{t('inbox.canned.choose')}</option>
          {shown.map((reply) => (
            <option key={reply.id} value={reply.id}>
              {reply.title}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
