import { useId, type SelectHTMLAttributes } from 'react';
import type { SiteOptions } from '../../../contract/admin/site-options';

interface SiteSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> {
  label: string;
  /** The sites the API offered: only those the signed-in staff member may see (ADR 0060). */
  sites: SiteOptions;
  /** The first option's text, for "every site" (value ""); absent when one site must be chosen. */
  everySiteLabel?: string;
  /** The server's problem with this field. */
  error?: string;
  /** Small, for a filter bar; else a form field with its own spacing. */
  compact?: boolean;
}

/** A labelled site picker offering only the sites the caller may see; a filter or a form field. */
export function SiteSelect({ label, sites, everySiteLabel, error, compact = false, className, ...select }: SiteSelectProps) {
  const id = useId();
  return (
    <div className={compact ? className : `mb-3 ${className ?? ''}`}>
      <label className={compact ? 'form-label small mb-1' : 'form-label'} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`form-select ${compact ? 'form-select-sm' : ''} ${error ? 'is-invalid' : ''}`}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {everySiteLabel !== undefined && <option value="">{everySiteLabel}</option>}
        {sites.map((site) => (
          <option key={site.id} value={String(site.id)}>
            {site.name}
          </option>
        ))}
      </select>
      {error && (
        <div className="invalid-feedback" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}
