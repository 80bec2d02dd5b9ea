// The add-ons a cloud has, and those it could have (docs/navigation.md#routes addons).
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { Loading } from '../../../platform/page-section.tsx';
import { DateTime } from '../../account/index.ts';
import { useAddons } from '../api/get-addons.ts';

export function AddonList({ cloudId }: { readonly cloudId: number }) {
  const { t } = useTranslation();
  const addons = useAddons(cloudId);
  if (addons.isPending) return <Loading label={t('licenses.addons.loading')} />;
  if (!addons.data) return <LoadFailed message={t('licenses.addons.loadFailed')} onRetry={addons.refetch} />;
  if (addons.data.addons.length === 0) return <Typography>{t('licenses.addons.empty')}</Typography>;
  return (
    <Paper variant="outlined">
      <List aria-label={t('licenses.addons.title')}>
        {addons.data.addons.map((addon) => (
          <ListItem
            key={addon.id}
            divider
            secondaryAction={
              <Chip
                size="small"
                color={addon.enabled ? 'success' : 'default'}
                label={t(addon.enabled ? 'licenses.addons.enabled' : 'licenses.addons.notEnabled')}
              />
            }
          >
            <ListItemText
              primary={addon.name}
              secondary={
                <>
                  {addon.description}
                  {addon.license_expires_at && (
                    <>
                      {' '}
                      {t('licenses.addons.licenseUntil')} <DateTime iso={addon.license_expires_at} />
                    </>
                  )}
                </>
              }
              sx={{ pr: 12 }}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
