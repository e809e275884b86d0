import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { MailDnsResponse } from '../../../../contract/admin/mail-dns';
import { api } from '../../../lib/api-client';

const STATUS_CLASS = { published: 'text-bg-success', different: 'text-bg-warning', missing: 'text-bg-danger', unchecked: 'text-bg-secondary' } as const;

/**
 * The DNS records the site's mail needs (DKIM, SPF, DMARC) exactly as to publish them, and what
 * DNS answers for each now. Asked when the tab opens: a DNS check may take a moment.
 */
export function MailDnsPanel({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<MailDnsResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    setFailed(false);
    api<MailDnsResponse>(`/api/admin/sites/${siteId}/mail-dns`, { retries: 0 })
      .then((body) => current && setResult(body))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [siteId, round]);

  return (
    <section aria-labelledby="mail-dns-title">
      <h2 id="mail-dns-title" className="h5">
        {t('mail_dns.title')}
      </h2>
      <p className="text-body-secondary">{t('mail_dns.intro')}</p>
      {failed && <div className="alert alert-danger">{t('mail_dns.failed')}</div>}
      {!result && !failed && <p role="status">{t('mail_dns.checking')}</p>}
      {result && !result.dns_reachable && (
        <div className="alert alert-warning" data-testid="mail-dns-unreachable">
          {t('mail_dns.unreachable')}
        </div>
      )}
      {result?.domains.map((entry) => (
        <div key={entry.domain} className="mb-4">
          <h3 className="h6">
            {t('mail_dns.domain', { domain: entry.domain, streams: entry.streams.map((stream) => t(`mail_dns.streams.${stream}`)).join(', ') })}
          </h3>
          <div className="table-responsive">
            <table className="table table-sm align-middle">
              <thead>
                <tr>
                  <th scope="col">{t('mail_dns.purpose')}</th>
                  <th scope="col">{t('mail_dns.name')}</th>
                  <th scope="col">{t('mail_dns.type')}</th>
                  <th scope="col">{t('mail_dns.value')}</th>
                  <th scope="col">{t('mail_dns.status')}</th>
                </tr>
              </thead>
              <tbody>
                {entry.records.map((record) => (
                  <tr key={record.purpose} data-testid={`mail-dns-${record.purpose}`}>
                    <td>{t(`mail_dns.purposes.${record.purpose}`)}</td>
                    <td>
                      <code className="text-break">{record.name}</code>
                    </td>
                    <td>{record.type}</td>
                    <td style={{ maxWidth: 420 }}>
                      <code className="text-break small">{record.value}</code>
                    </td>
                    <td>
                      <span className={`badge ${STATUS_CLASS[record.status]}`}>{t(`mail_dns.statuses.${record.status}`)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      ))}
      {result && (
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setRound((value) => value + 1)}>
          {t('mail_dns.check_again')}
        </button>
      )}
    </section>
  );
}
