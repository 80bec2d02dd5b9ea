// Search Everywhere (docs/navigation.md#top-bar-panels, docs/validation.md): a search box whose checkbox limits the search to the kind of input
// typed, and the matches grouped by object type. Focus starts in the box; arrows walk the results.
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_SEARCH_LENGTH } from '../../../../core/constants.ts';
import { classifySearchInput, MAX_SEARCH_LENGTH, trimQuery } from '../../../../core/search.ts';
import type { PanelPlacement } from '../../../platform/panel/top-bar-panel.tsx';
import { TopBarPanel } from '../../../platform/panel/top-bar-panel.tsx';
import { useFind } from '../api/find.ts';
import { focusFirstResult, moveAmongResults } from '../result-navigation.ts';
import { LIMIT_LABEL_KEYS, searchSources } from '../search-sources.ts';
import { useSearchTerm } from '../use-search-term.ts';
import { SearchResults } from './search-results.tsx';

export function SearchPanel({ cloudId, ...placement }: { readonly cloudId: number } & PanelPlacement) {
  const { t } = useTranslation();
  // Kept while the panel is closed, so it opens again on the last search.
  const { value, term, controller } = useSearchTerm();
  const [limited, setLimited] = useState(true);
  const found = useFind(cloudId, term === '' ? null : { query: term, sources: searchSources(term, limited) });
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const typed = trimQuery(value).length;
  // The box mounts each time the panel opens. Selected, the last search is replaced by typing.
  const focusOnOpen = useCallback((input: HTMLInputElement | null) => {
    inputRef.current = input;
    input?.focus();
    input?.select();
  }, []);

  const header = (
    <Box sx={{ px: 2, pt: 0.5, pb: 0.5 }}>
      <TextField
        value={value}
        onChange={(event) => controller.change(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            controller.search();
          } else if (event.key === 'ArrowDown') {
            event.preventDefault();
            if (!focusFirstResult(listRef.current)) controller.search();
          }
        }}
        placeholder={t('search.panel.placeholder')}
        helperText={
          typed > 0 && typed < MIN_SEARCH_LENGTH
            ? t('platform.search.minLength', { minLength: MIN_SEARCH_LENGTH })
            : undefined
        }
        size="small"
        fullWidth
        inputRef={focusOnOpen}
        slotProps={{
          htmlInput: {
            'aria-label': t('search.panel.input'),
            maxLength: MAX_SEARCH_LENGTH,
            autoComplete: 'off',
            spellCheck: false,
          },
        }}
      />
      <FormControlLabel
        control={
          <Checkbox size="small" checked={limited} onChange={(event) => setLimited(event.target.checked)} />
        }
        label={t(LIMIT_LABEL_KEYS[classifySearchInput(value)])}
        slotProps={{ typography: { variant: 'body2' } }}
      />
    </Box>
  );

  return (
    <TopBarPanel {...placement} title={t('search.panel.title')} header={header}>
      <Box
        ref={listRef}
        onKeyDown={(event) => {
          if (moveAmongResults(listRef.current, inputRef.current, event.key)) event.preventDefault();
        }}
      >
        {term !== '' && <SearchResults query={term} found={found} onSelect={placement.onClose} />}
      </Box>
    </TopBarPanel>
  );
}
