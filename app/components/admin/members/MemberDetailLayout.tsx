import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { TableRegion } from '../TableRegion';

/** One label and value of a member's facts, inside a `<dl className="row">`. */
export function MemberField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-5 col-sm-4 fw-normal text-body-secondary">{label}</dt>
      <dd className="col-7 col-sm-8">{children}</dd>
    </>
  );
}

/** A card of the member page, named by its heading for screen readers. */
export function MemberSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card mb-3" aria-labelledby={id}>
      <div className="card-body">
        <h2 className="h5" id={id}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** A table of the member page, or "none" when the member has no rows of it. */
export function MemberTable({ label, head, empty, testId, children }: { label: string; head: string[]; empty: boolean; testId?: string; children: ReactNode }) {
  const { t } = useTranslation();
  if (empty) return <p className="mb-0 text-body-secondary">{t('member.none')}</p>;
  return (
    <TableRegion label={label}>
      <table className="admin-table w-100 small" data-testid={testId}>
        <thead>
          <tr>
            {head.map((title, index) => (
              <th key={index} scope="col">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableRegion>
  );
}
