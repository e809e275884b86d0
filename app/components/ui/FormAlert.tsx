import type { ApiError } from '../../lib/api-client';

/** The refusal of a form's call, unless a field shows it already. */
export function FormAlert({ error, fields = [] }: { error: ApiError | null; fields?: string[] }) {
  if (!error) return null;
  const shownAtField = fields.some((field) => error.hasField(field));
  if (shownAtField) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {error.message}
    </div>
  );
}
