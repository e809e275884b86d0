import type { ReactNode } from 'react';

/** One card of the settings page. */
export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card mb-4" id={id} aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 className="h5 card-title" id={`${id}-title`}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
