import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_SEARCH_MIN_LENGTH } from '../../../core/api/list-query.ts';
import { createSearchController, type SearchState } from '../search-field/search-controller.ts';

export interface ListSearchFieldProps {
  readonly label: string;
  /** The search of the page's address. */
  readonly value: string;
  /** Called with the term after the search field's debounce, at once on Enter; '' below the minimum. */
  readonly onSearch: (term: string) => void;
}

/**
 * The platform search field's rules (search-controller.ts) bound to the address: a value that this field
 * did not report (a link, back or forward) replaces what is typed.
 */
export function ListSearchField({ label, value, onSearch }: ListSearchFieldProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<SearchState>({ value: '', busy: false });
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const reported = useRef<string | null>(null);
  const [controller] = useState(() =>
    createSearchController(
      {
        minLength: LIST_SEARCH_MIN_LENGTH,
        onSearch: (term) => {
          reported.current = term;
          onSearchRef.current(term);
        },
      },
      setState,
    ),
  );
  useEffect(() => controller.dispose, [controller]);
  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    // Shows the text; the search it schedules is the address's own, which the page takes as no change.
    controller.change(value);
  }, [value, controller]);

  const trimmed = state.value.trim().length;
  const showHint = trimmed > 0 && trimmed < LIST_SEARCH_MIN_LENGTH;
  return (
    <TextField
      value={state.value}
      onChange={(event) => controller.change(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        controller.search();
      }}
      placeholder={t('platform.search.placeholder')}
      helperText={
        showHint ? t('platform.search.minLength', { minLength: LIST_SEARCH_MIN_LENGTH }) : undefined
      }
      size="small"
      fullWidth
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              {state.value !== '' && (
                <IconButton size="small" aria-label={t('platform.search.clear')} onClick={controller.clear}>
                  <ClearIcon fontSize="small" />
                </IconButton>
              )}
              <IconButton
                size="small"
                aria-label={t('platform.search.submit')}
                disabled={!controller.canSearch()}
                onClick={controller.search}
              >
                <SearchIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
