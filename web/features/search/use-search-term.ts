// The text typed in Search Everywhere and the term it searches for, with the platform search field's
// rules (docs/validation.md): MIN_SEARCH_LENGTH characters, SEARCH_DEBOUNCE_MS after typing, at once on Enter.
import { useEffect, useState } from 'react';
import { MIN_SEARCH_LENGTH } from '../../../core/constants.ts';
import { createSearchController, type SearchState } from '../../platform/search-field/search-controller.ts';

export function useSearchTerm() {
  const [state, setState] = useState<SearchState>({ value: '', busy: false });
  const [term, setTerm] = useState('');
  const [controller] = useState(() =>
    createSearchController({ minLength: MIN_SEARCH_LENGTH, onSearch: (next) => setTerm(next) }, setState),
  );
  useEffect(() => controller.dispose, [controller]);
  /** What is typed, and the term searched for: '' while too short. */
  return { value: state.value, term, controller };
}
