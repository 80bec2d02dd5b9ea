import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_MIN_LENGTH_DEFAULT } from '../../../core/constants.ts';
import { createSearchController, type SearchOptions, type SearchState } from './search-controller.ts';

export interface SearchFieldProps extends SearchOptions {
  /** Accessible name; the placeholder when not given. */
  readonly label?: string;
  /** docs/validation.md: 'Search' unless told. */
  readonly placeholder?: string;
  readonly autoFocus?: boolean;
  /**
   * A term from outside, such as the page's address: when it is not the one this field last reported
   * (a link, back or forward), it replaces what is typed.
   */
  readonly value?: string;
}

/** The console's search box (docs/validation.md); the rules live in search-controller.ts. */
export function SearchField({ label, placeholder, autoFocus, value, ...options }: SearchFieldProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<SearchState>({ value: '', busy: false });
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const reported = useRef<string | null>(null);
  const [controller] = useState(() =>
    createSearchController(
      {
        minLength: options.minLength,
        debounceMs: options.debounceMs,
        lazy: options.lazy,
        onSearch: (term) => {
          reported.current = term;
          return optionsRef.current.onSearch(term);
        },
      },
      setState,
    ),
  );
  useEffect(() => controller.dispose, [controller]);
  useEffect(() => {
    if (value === undefined || value === reported.current) return;
    reported.current = value;
    // Shows the text; the search it schedules reports the same term, which the owner takes as no change.
    controller.change(value);
  }, [value, controller]);

  const minLength = options.minLength ?? SEARCH_MIN_LENGTH_DEFAULT;
  const shownPlaceholder = placeholder ?? t('platform.search.placeholder');
  const showHint = minLength > 1 && state.value.trim().length > 0 && state.value.trim().length < minLength;
  return (
    <TextField
      value={state.value}
      onChange={(event) => controller.change(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        controller.search();
      }}
      placeholder={shownPlaceholder}
      helperText={showHint ? t('platform.search.minLength', { minLength }) : undefined}
      autoFocus={autoFocus}
      size="small"
      fullWidth
      slotProps={{
        htmlInput: { 'aria-label': label ?? shownPlaceholder, 'aria-busy': state.busy },
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
