import { useTranslation } from '../../../lib/use-translation';

interface Person {
  id: number;
  name: string;
  email: string;
  role: string;
}

/**
 * Whom a report is given to (issue 32): nobody, me, or any active staff member who handles
 * reports and may see its site (ADR 0060: the server offers only those); a former assignee no
 * longer among them stays selectable so a save keeps them.
 */
export function AssigneeSelect({
  value,
  onChange,
  me,
  people,
  current,
}: {
  value: string;
  onChange: (value: string) => void;
  me: { id: number; email: string } | null;
  people: Person[];
  current: { id: number; email: string | null } | null;
}) {
  const { t } = useTranslation();
  const others = people.filter((person) => person.id !== me?.id);
  const formerShown = current && current.id !== me?.id && !people.some((person) => person.id === current.id);
  return (
    <>
      <label className="form-label" htmlFor="report-assignee">
        {t('reports.assignee')}
      </label>
      <select id="report-assignee" className="form-select" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('reports.nobody')}</option>
        {me && <option value={String(me.id)}>{t('reports.me', { email: me.email })}</option>}
        {others.map((person) => (
          <option key={person.id} value={String(person.id)}>
            {t('reports.staff_option', { name: person.name || person.email, role: t(`roles.${person.role}`) })}
          </option>
        ))}
        {formerShown && <option value={String(current.id)}>{current.email}</option>}
      </select>
    </>
  );
}
