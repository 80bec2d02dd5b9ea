// docs/configuration.md#progress: the site page's "Devices": where each device of the site stands with the
// console's document, counted per state (each count a filter), by kind when the site has more than one, paged.
// The live event stream refreshes it as configuration tasks move (web/shell/live-event-keys.ts).
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigType } from '../../../../core/config/document.ts';
import { HistoryFilter } from '../../../platform/list-page/history-filter.tsx';
import { ListPager } from '../../../platform/list-page/list-pager.tsx';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { type SiteConfigDevicesFilter, useSiteConfigDevices } from '../api/get-site-config-devices.ts';
import { ConfigSection } from './config-section.tsx';
import { ProgressChips } from './progress-chips.tsx';
import { ProgressTable } from './progress-table.tsx';
import { TYPE_TITLE_KEYS } from './type-labels.ts';

const ALL_TYPES = 'all';

export function DeviceProgress({
  cloudId,
  siteId,
  types,
}: {
  readonly cloudId: number;
  readonly siteId: number;
  /** The kinds of device the site holds: a kind filter when there is more than one. */
  readonly types: readonly ConfigType[];
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [filter, setFilter] = useState<SiteConfigDevicesFilter>({ offset: 0 });
  const result = useSiteConfigDevices(cloudId, siteId, filter);
  const data = result.data;
  // Another kind or state starts again from the first page.
  const refilter = (part: Partial<SiteConfigDevicesFilter>) => setFilter({ ...filter, ...part, offset: 0 });

  let content: React.ReactNode;
  if (result.isError && !data) {
    content = <LoadFailed message={t('config.progress.loadFailed')} onRetry={() => result.refetch()} />;
  } else if (!data) {
    content = <CircularProgress size={24} aria-label={t('config.progress.loading')} />;
  } else {
    content = (
      <>
        <ProgressChips counts={data.counts} state={filter.state} onState={(state) => refilter({ state })} />
        {data.devices.length === 0 ? (
          <Typography>
            {filter.state === undefined ? t('config.progress.empty') : t('config.progress.noneInState')}
          </Typography>
        ) : (
          <>
            <ProgressTable
              cloudId={cloudId}
              siteId={siteId}
              rows={data.devices}
              busy={result.isPlaceholderData}
              labelledBy={headingId}
            />
            <ListPager
              offset={filter.offset}
              count={data.devices.length}
              total={data.total}
              totalCapped={false}
              onOffset={(offset) => setFilter({ ...filter, offset })}
            />
          </>
        )}
      </>
    );
  }
  return (
    <ConfigSection title={t('config.progress.title')} headingId={headingId}>
      <Typography variant="body2" color="text.secondary">
        {t('config.progress.help')}
      </Typography>
      {types.length > 1 && (
        <Box sx={{ display: 'flex' }}>
          <HistoryFilter
            label={t('config.progress.kind')}
            value={filter.config_type ?? ALL_TYPES}
            options={[
              { value: ALL_TYPES, label: t('config.progress.allKinds') },
              ...types.map((type) => ({ value: type, label: t(TYPE_TITLE_KEYS[type]) })),
            ]}
            onChange={(value) =>
              refilter({ config_type: value === ALL_TYPES ? undefined : (value as ConfigType) })
            }
          />
        </Box>
      )}
      {content}
    </ConfigSection>
  );
}
