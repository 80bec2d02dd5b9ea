// Changes to the query of the page's address: a list's filters, order and search, a chart's time range.
// The address is what the page shows (docs/navigation.md), so each change starts from it.
import { useLocation, useNavigate } from 'react-router';

/** Parameters to set, or to remove (null or ''). */
export type QueryChanges = Readonly<Record<string, string | null>>;

/**
 * Sets or removes parameters of the address's query, keeping the others, the path and the hash. The page
 * is drawn again at once rather than in the background: a second change made while a busy browser was
 * still drawing the first would otherwise start from the address the screen still showed and undo it
 * (a filter lost when the list is sorted straight after).
 */
export function useChangeQuery() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return (changes: QueryChanges, { replace = false } = {}) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(name);
      else next.set(name, value);
    }
    if (next.toString() === new URLSearchParams(search).toString()) return;
    navigate(
      { pathname, search: next.size > 0 ? `?${next}` : '', hash },
      { replace, preventScrollReset: true, flushSync: true },
    );
  };
}
