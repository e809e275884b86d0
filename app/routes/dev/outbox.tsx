import { Fragment } from 'react';
import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/outbox';

export function loader({ context }: Route.LoaderArgs) {
  // Only while mail stays on this machine (no SMTP): never where mail is really sent.
  if (!context.showOutbox) throw data('This page could not be found', { status: 404 });
  return { entries: context.listOutbox() };
}

export function meta() {
  return [{ title: 'Outbox' }, { name: 'robots', content: 'noindex' }];
}

/** Links in a mail's text become clickable; everything else stays text. */
function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s]+)/g);
  return (
    <>
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** `/dev/outbox` — mails and text messages the site "sent", for development and demos. */
export default function Outbox() {
  const { entries } = useLoaderData<typeof loader>();
  return (
    <div className="container py-4">
      <h1 className="h3">Outbox</h1>
      <p className="text-body-secondary">Mail and SMS are not sent while no SMTP server is configured; they are kept here.</p>
      {entries.length === 0 && <p>Nothing has been sent yet.</p>}
      {entries.map((entry) => (
        <article className="card mb-3" key={entry.id} data-testid="outbox-entry">
          <div className="card-header d-flex flex-wrap justify-content-between gap-2">
            <strong>{entry.subject}</strong>
            <span className="small">
              {entry.kind} → {entry.to} · {new Date(entry.createdAt).toISOString().replace('T', ' ').slice(0, 19)}
            </span>
          </div>
          <pre className="card-body mb-0" style={{ whiteSpace: 'pre-wrap' }}>
            <TextWithLinks text={entry.text} />
          </pre>
        </article>
      ))}
    </div>
  );
}
