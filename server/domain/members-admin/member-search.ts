import { MAX_INTEGER_ID } from '../../../contract/inputs';
import type { MemberSearchTerm } from '../../db/repositories/member-admin.repository';

/**
 * What staff typed into the member search, read as the one thing it can be: digits (or `#12`)
 * are an id, anything with `@` an e-mail address or its beginning, anything else the beginning
 * of a name or of an address. Each has its own index, so the search never scans the table.
 */
export function searchTermOf(q: string | undefined): MemberSearchTerm | undefined {
  const typed = q?.trim().toLowerCase();
  if (!typed) return undefined;
  const id = /^#?(\d{1,12})$/.exec(typed);
  if (id) {
    const value = Number(id[1]);
    // An id past the column's range belongs to nobody: 0 finds no one.
    return { kind: 'id', id: value <= MAX_INTEGER_ID ? value : 0 };
  }
  if (typed.includes('@')) return { kind: 'email', prefix: typed };
  return { kind: 'name_or_email', prefix: typed };
}
