import { data } from 'react-router';

/** Anything no route matches: a real 404 status, shown by the error page. */
export function loader() {
  throw data('This page could not be found', { status: 404 });
}

export default function NotFound() {
  return null;
}
