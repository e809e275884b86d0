import { createContext, useContext, useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import type { AdminSite } from '../../../../contract/admin/sites';
import type { ApiError } from '../../../lib/api-client';

/** The draft a site editor works on, how to change it, and the server's last refusal. */
export interface SiteDraftContext {
  draft: AdminSite;
  set: <K extends keyof AdminSite>(key: K, value: AdminSite[K]) => void;
  error: ApiError | null;
}

export const SiteDraft = createContext<SiteDraftContext | null>(null);

export function useSiteDraft(): SiteDraftContext {
  const context = useContext(SiteDraft);
  if (!context) throw new Error('site fields need a SiteDraft');
  return context;
}

/**
 * The server's problems with a setting, including those of its items (`body.countries.0`). A
 * console refusal names each item by its label already (issue 32); only an unlabelled one is
 * prefixed with its place in the setting.
 */
export function problemOf(error: ApiError | null, name: string): string | undefined {
  const problems = (error?.body.fields ?? []).filter((field) => field.field === `body.${name}` || field.field.startsWith(`body.${name}.`));
  if (!problems.length) return undefined;
  const describe = (field: (typeof problems)[number]) =>
    field.label || field.field === `body.${name}` ? field.problem : `${field.field.slice(`body.${name}.`.length)}: ${field.problem}`;
  return problems.map(describe).join(' ');
}

function Feedback({ id, problem, hint }: { id: string; problem?: string; hint?: string }) {
  // With a problem the hint stays: "not in the expected format" alone does not say which format.
  if (problem)
    return (
      <div className="invalid-feedback d-block" id={`${id}-problem`}>
        {problem}
        {hint && <span className="d-block text-body-secondary">{hint}</span>}
      </div>
    );
  return hint ? (
    <div className="form-text" id={`${id}-hint`}>
      {hint}
    </div>
  ) : null;
}

const describedBy = (id: string, problem?: string, hint?: string) => (problem ? `${id}-problem` : hint ? `${id}-hint` : undefined);

type StringKey = { [K in keyof AdminSite]: AdminSite[K] extends string ? K : never }[keyof AdminSite];
type NumberKey = { [K in keyof AdminSite]: AdminSite[K] extends number ? K : never }[keyof AdminSite];
type BooleanKey = { [K in keyof AdminSite]: AdminSite[K] extends boolean ? K : never }[keyof AdminSite];
type ListKey = { [K in keyof AdminSite]: AdminSite[K] extends string[] ? K : never }[keyof AdminSite];

/** A text setting; `multiline` for the longer texts members read. */
export function TextSetting({ name, multiline, type = 'text' }: { name: StringKey; multiline?: boolean; type?: string }) {
  const { t } = useTranslation();
  const { draft, set, error } = useSiteDraft();
  const id = useId();
  const problem = problemOf(error, name);
  const hint = t(`sites.hints.${name}`, { defaultValue: '' }) || undefined;
  const common = {
    id,
    className: `form-control ${problem ? 'is-invalid' : ''}`,
    'aria-invalid': !!problem,
    'aria-describedby': describedBy(id, problem, hint),
    name,
  };
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t(`sites.fields.${name}`)}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} value={draft[name] as string} onChange={(event) => set(name, event.target.value as never)} />
      ) : (
        <input {...common} type={type} value={draft[name] as string} onChange={(event) => set(name, event.target.value as never)} />
      )}
      <Feedback id={id} problem={problem} hint={hint} />
    </div>
  );
}

/** A whole-number setting; what is not a number is sent as typed, so the server names the problem. */
export function NumberSetting({ name, min, max }: { name: NumberKey; min?: number; max?: number }) {
  const { t } = useTranslation();
  const { draft, set, error } = useSiteDraft();
  const id = useId();
  const problem = problemOf(error, name);
  const hint = t(`sites.hints.${name}`, { defaultValue: '' }) || undefined;
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t(`sites.fields.${name}`)}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        className={`form-control ${problem ? 'is-invalid' : ''}`}
        aria-invalid={!!problem}
        aria-describedby={describedBy(id, problem, hint)}
        value={Number.isFinite(draft[name]) ? String(draft[name]) : ''}
        onChange={(event) => set(name, (event.target.value === '' ? Number.NaN : Number(event.target.value)) as never)}
      />
      <Feedback id={id} problem={problem} hint={hint} />
    </div>
  );
}

export function ChoiceSetting({ name, options }: { name: StringKey | NumberKey; options: readonly (string | number)[] }) {
  const { t } = useTranslation();
  const { draft, set, error } = useSiteDraft();
  const id = useId();
  const problem = problemOf(error, name);
  const hint = t(`sites.hints.${name}`, { defaultValue: '' }) || undefined;
  const numeric = typeof draft[name] === 'number';
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t(`sites.fields.${name}`)}
      </label>
      <select
        id={id}
        name={name}
        className={`form-select ${problem ? 'is-invalid' : ''}`}
        aria-invalid={!!problem}
        aria-describedby={describedBy(id, problem, hint)}
        value={String(draft[name])}
        onChange={(event) => set(name, (numeric ? Number(event.target.value) : event.target.value) as never)}
      >
        {options.map((option) => (
          <option key={option} value={String(option)}>
            {t(`sites.options.${name}.${option}`, { defaultValue: String(option) })}
          </option>
        ))}
      </select>
      <Feedback id={id} problem={problem} hint={hint} />
    </div>
  );
}

export function SwitchSetting({ name }: { name: BooleanKey }) {
  const { t } = useTranslation();
  const { draft, set } = useSiteDraft();
  const id = useId();
  return (
    <div className="form-check form-switch mb-3">
      <input
        id={id}
        className="form-check-input"
        type="checkbox"
        role="switch"
        checked={draft[name] as boolean}
        onChange={(event) => set(name, event.target.checked as never)}
      />
      <label className="form-check-label" htmlFor={id}>
        {t(`sites.fields.${name}`)}
      </label>
    </div>
  );
}

/** A list of free texts (aliases, trade names, VAT numbers): one per line. */
export function LinesSetting({ name }: { name: ListKey }) {
  const { t } = useTranslation();
  const { draft, set, error } = useSiteDraft();
  const id = useId();
  const problem = problemOf(error, name);
  const hint = t(`sites.hints.${name}`, { defaultValue: t('sites.one_per_line') });
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t(`sites.fields.${name}`)}
      </label>
      <textarea
        id={id}
        name={name}
        rows={3}
        className={`form-control ${problem ? 'is-invalid' : ''}`}
        aria-invalid={!!problem}
        aria-describedby={describedBy(id, problem, hint)}
        value={(draft[name] as string[]).join('\n')}
        onChange={(event) =>
          set(
            name,
            event.target.value
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean) as never,
          )
        }
      />
      <Feedback id={id} problem={problem} hint={hint} />
    </div>
  );
}

/** A choice of several from a closed list, as checkboxes in a fieldset. */
export function ChecksSetting({ name, options, labelOf }: { name: ListKey; options: readonly string[]; labelOf?: (option: string) => string }) {
  const { t } = useTranslation();
  const { draft, set, error } = useSiteDraft();
  const id = useId();
  const problem = problemOf(error, name);
  const hint = t(`sites.hints.${name}`, { defaultValue: '' }) || undefined;
  const chosen = draft[name] as string[];
  const toggle = (option: string, on: boolean) => set(name, (on ? [...chosen, option] : chosen.filter((value) => value !== option)) as never);
  return (
    <fieldset className="mb-3" aria-describedby={describedBy(id, problem, hint)}>
      <legend className="form-label fs-6">{t(`sites.fields.${name}`)}</legend>
      <div className="d-flex flex-wrap gap-3">
        {options.map((option) => (
          <div className="form-check" key={option}>
            <input
              id={`${id}-${option}`}
              className="form-check-input"
              type="checkbox"
              checked={chosen.includes(option)}
              onChange={(event) => toggle(option, event.target.checked)}
            />
            <label className="form-check-label" htmlFor={`${id}-${option}`}>
              {labelOf ? labelOf(option) : option}
            </label>
          </div>
        ))}
      </div>
      <Feedback id={id} problem={problem} hint={hint} />
    </fieldset>
  );
}

/** A titled group of settings in a tab. */
export function SettingsGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card mb-3">
      <div className="card-body">
        <h2 className="h5">{title}</h2>
        {children}
      </div>
    </section>
  );
}
