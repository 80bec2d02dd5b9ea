// One Search Everywhere match: its title, whether it is history or deleted, and each matched field with
// its source and the matched part marked.
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import ListItemButton from '@mui/material/ListItemButton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { SearchField, SearchResult } from '../../../../core/api/search.ts';
import { useFormatDateTime } from '../../account/index.ts';
import { highlightParts } from '../highlight.ts';
import { SOURCE_LABEL_KEYS } from '../labels.ts';
import { resultHref } from '../result-groups.ts';

interface SearchResultLinkProps {
  readonly result: SearchResult;
  readonly query: string;
  readonly onSelect: () => void;
}

export function SearchResultLink({ result, query, onSelect }: SearchResultLinkProps) {
  const { t } = useTranslation();
  return (
    <ListItemButton
      component={RouterLink}
      to={resultHref(result, query)}
      onClick={onSelect}
      sx={{ display: 'block', px: 2, py: 0.75 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600, minWidth: 0 }}>
          {result.title}
        </Typography>
        {result.historical && <Chip size="small" variant="outlined" label={t('search.result.historical')} />}
        {result.deleted_at !== null && (
          <Chip size="small" variant="outlined" color="error" label={t('search.result.deleted')} />
        )}
      </Box>
      {result.client && <ClientWhereabouts client={result.client} />}
      {result.fields.map((field) => (
        <MatchedField key={`${field.source}-${field.value}`} field={field} query={query} />
      ))}
    </ListItemButton>
  );
}

/** Where a wireless client is: its site, its access point and when it was last seen. */
function ClientWhereabouts({ client }: { readonly client: NonNullable<SearchResult['client']> }) {
  const { t } = useTranslation();
  const formatTime = useFormatDateTime();
  const parts = [
    client.site && t('search.result.clientSite', { name: client.site.name }),
    client.device && t('search.result.clientDevice', { name: client.device.name }),
    t('search.result.clientLastSeen', { time: formatTime(client.last_seen_at) }),
  ].filter((part): part is string => Boolean(part));
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {parts.join(' · ')}
    </Typography>
  );
}

function MatchedField({ field, query }: { readonly field: SearchField; readonly query: string }) {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {t('search.result.source', { source: t(SOURCE_LABEL_KEYS[field.source]) })}{' '}
      <Box component="span" sx={{ color: 'text.primary' }}>
        {highlightParts(field.value, field.source, query).map((part) =>
          part.match ? (
            <Box
              component="mark"
              key={part.at}
              sx={{
                bgcolor: (theme) => alpha(theme.palette.warning.light, 0.4),
                color: 'inherit',
                borderRadius: 0.5,
              }}
            >
              {part.text}
            </Box>
          ) : (
            <Fragment key={part.at}>{part.text}</Fragment>
          ),
        )}
      </Box>
    </Typography>
  );
}
