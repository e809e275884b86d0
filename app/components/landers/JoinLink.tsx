import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useLanderJoin } from './use-lander-join';

/** A link that starts signing up (to meet `targetId` when given); see `useLanderJoin`. */
export function JoinLink({ targetId, className, label, children }: { targetId?: number; className: string; label?: string; children: ReactNode }) {
  const { join, hrefOf } = useLanderJoin();
  return (
    <Link
      className={className}
      to={hrefOf(targetId)}
      aria-label={label}
      onClick={(event) => {
        event.preventDefault();
        join(targetId);
      }}
    >
      {children}
    </Link>
  );
}
