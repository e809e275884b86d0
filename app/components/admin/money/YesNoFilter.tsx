import { useTranslation } from '../../../lib/use-translation';

/** A money list's filter with three answers: any, only those with it, only those without (`true`/`false`/empty in the query). */
export function YesNoFilter(props: { id: string; name: string; label: string; yes: string; no: string; value: string | null }) {
  const { t } = useTranslation();
  return (
    <div className="col-6 col-md-3">
      <label className="form-label small mb-1" htmlFor={props.id}>
        {props.label}
      </label>
      <select id={props.id} name={props.name} className="form-select form-select-sm" defaultValue={props.value ?? ''}>
        <option value="">{t('money.any')}</option>
        <option value="true">{props.yes}</option>
        <option value="false">{props.no}</option>
      </select>
    </div>
  );
}
