// The cloud's saved site groupings under the site list, for those who may manage them (docs/roles.md
// manage_sites): each opens its edit page, and a new one is added from here.
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { routes } from '../../../../core/routes.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { useSiteFiltersSelect } from '../api/get-site-filters-select.ts';

export function SiteGroupingsPanel({ cloudId }: { readonly cloudId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const groupings = useSiteFiltersSelect(cloudId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 1, sm: 2 } }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography id={headingId} variant="h2">
          {t('sites.groupings.title')}
        </Typography>
        <Button component={RouterLink} to={routes.siteFilterAdd.href({ cloudId })} startIcon={<AddIcon />}>
          {t('sites.groupings.add')}
        </Button>
      </Box>
      {groupings.isError && !groupings.data && (
        <LoadFailed message={t('sites.groupings.loadFailed')} onRetry={groupings.refetch} />
      )}
      {groupings.data?.siteGroupings.length === 0 && (
        <Typography role="status" sx={{ py: 1 }}>
          {t('sites.groupings.empty')}
        </Typography>
      )}
      {groupings.data && groupings.data.siteGroupings.length > 0 && (
        <List dense aria-labelledby={headingId}>
          {groupings.data.siteGroupings.map((grouping) => (
            <ListItem key={grouping.id} disableGutters>
              <ListItemText
                primary={
                  <Link
                    component={RouterLink}
                    to={routes.siteFilterEdit.href({ cloudId, siteFilterId: grouping.id })}
                    aria-label={t('sites.groupings.edit', { name: grouping.name })}
                  >
                    {grouping.name}
                  </Link>
                }
                secondary={t('shell.pickers.siteCount', { count: grouping.site_count })}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
