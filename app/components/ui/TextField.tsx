import { useId, type InputHTMLAttributes } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The server's (or form's) problem with this field. */
  error?: string;
  hint?: string;
}

/** A labelled input with Bootstrap's valid/invalid styling and its message tied to it. */
export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`mb-3 ${className ?? ''}`}>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className={`form-control ${error ? 'is-invalid' : ''}`} aria-invalid={!!error} aria-describedby={describedBy} {...input} />
      {error && (
        <div className="invalid-feedback" id={`${id}-error`}>
          {error}
        </div>
      )}
      {hint && !error && (
        <div className="form-text" id={`${id}-hint`}>
          {hint}
        </div>
      )}
    </div>
  );
}
