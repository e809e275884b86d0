import { Link } from '../ui/links';
import { NavIcon } from '../layout/NavIcon';
import type { NavSection } from '../layout/nav-sections';

/** An empty list that says what would fill it and leads there, instead of a bare line of text. */
export function EmptyState({ icon, text, action }: { icon: NavSection; text: string; action?: { to: string; label: string } }) {
  return (
    <div className="empty-state card card-body text-center my-4" data-testid="empty-state">
      <span className="empty-state__icon mx-auto mb-2" aria-hidden="true">
        <NavIcon section={icon} />
      </span>
      <p className="text-body-secondary mb-3">{text}</p>
      {action && (
        <div>
          <Link className="btn btn-primary" to={action.to}>
            {action.label}
          </Link>
        </div>
      )}
    </div>
  );
}
