import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../lib/use-translation';
import { useRevalidator } from 'react-router';
import type { SiteOptions } from '../../../contract/admin/site-options';
import type { StaffMember } from '../../../contract/admin/staff';
import { api } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { FormAlert } from '../ui/FormAlert';

const sameSites = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * The sites a staff member works on (ADR 0060), changed by an owner in a dialog: tick the sites,
 * none for every site. Saved with the version the row was loaded at; a narrower choice holds from
 * the person's next request. Owners are never limited, so their rows offer no such change.
 */
export function StaffSitesEditor({ member, sites }: { member: StaffMember; sites: SiteOptions }) {
  const { t } = useTranslation();
  const id = useId();
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number[]>(member.site_ids);
  const save = useApiAction((siteIds: number[]) =>
    api<StaffMember>(`/api/admin/staff/${member.id}`, { method: 'PATCH', body: { version: member.version, site_ids: siteIds }, retries: 0 }),
  );
  if (member.role === 'owner' || sites.length === 0) return null;
  const who = member.name || member.email;
  const unchanged = sameSites(chosen, member.site_ids);

  const show = () => {
    save.clearError();
    setChosen(member.site_ids);
    setOpen(true);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (unchanged) return;
    // In the order the sites are listed, so the audit log reads the same way as the page.
    const ordered = sites.map((site) => site.id).filter((siteId) => chosen.includes(siteId));
    if ((await save.run(ordered)) === undefined) return;
    setOpen(false);
    await revalidator.revalidate();
  };
  const toggle = (siteId: number, on: boolean) => setChosen((current) => (on ? [...current, siteId] : current.filter((other) => other !== siteId)));

  return (
    <>
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={show} aria-label={t('staff.change_sites_of', { who })}>
        {t('staff.change_sites')}
      </button>
      <Modal show={open} onHide={() => setOpen(false)} centered aria-labelledby={`${id}-title`}>
        <form onSubmit={submit} noValidate>
          <Modal.Header closeButton closeLabel={t('staff.cancel')}>
            <Modal.Title id={`${id}-title`} className="h5">
              {t('staff.sites_title', { who })}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <FormAlert error={save.error} />
            <fieldset aria-describedby={`${id}-help ${id}-effect`}>
              <legend className="form-label fs-6">{t('staff.sites')}</legend>
              <p className="form-text mt-0" id={`${id}-help`}>
                {t('staff.sites_help')}
              </p>
              {sites.map((site) => (
                <div className="form-check" key={site.id}>
                  <input
                    className="form-check-input"
                    type="checkbox"
                    id={`${id}-site-${site.id}`}
                    checked={chosen.includes(site.id)}
                    onChange={(event) => toggle(site.id, event.target.checked)}
                  />
                  <label className="form-check-label" htmlFor={`${id}-site-${site.id}`}>
                    {site.name}
                  </label>
                </div>
              ))}
            </fieldset>
            <p className="small mt-3 mb-0" id={`${id}-effect`} aria-live="polite">
              {chosen.length === 0 ? t('staff.sites_effect_all', { who }) : t('staff.sites_effect_some', { who })}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-outline-secondary" onClick={() => setOpen(false)}>
              {t('staff.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={save.pending || unchanged}>
              {t('staff.save_sites')}
            </button>
          </Modal.Footer>
        </form>
      </Modal>
    </>
  );
}
