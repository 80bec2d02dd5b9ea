// /v2/cloud/{cloudId}/change-log: who changed what in the cloud, when and from where, with the values
// before and after, filtered by person, object and time (manage_users).
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { ChangeLogItem } from '../../../../core/api/change-log.ts';
import { AUDIT_OBJECT_TYPES, type AuditObjectType, PLATFORM_OBJECT_TYPES } from '../../../../core/audit.ts';
import { can } from '../../../../core/policy.ts';
import { parseId } from '../../../../core/route-definition.ts';
import { routes } from '../../../../core/routes.ts';
import { ExportButton, HistoryFilter, RangeFilter } from '../../../platform/list-page/history-filter.tsx';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { DateTime } from '../../account/index.ts';
import { accessOf, useCachedMe } from '../../auth/index.ts';
import { type ChangeLogFilters, changeLogExportHref, useChangeLog } from '../api/get-change-log.ts';
import { ACTION_KEYS, OBJECT_KEYS } from '../change-log-labels.ts';

const TABLE_ID = 'page-title';
const linkButton = { p: 0, minWidth: 0, textAlign: 'left', justifyContent: 'flex-start' } as const;

export function ChangeLogPage() {
  const { t } = useTranslation();
  const cloudId = parseId(useParams().cloudId ?? '') ?? 0;
  const membership = useCachedMe()?.memberships.find((candidate) => candidate.cloud_id === cloudId);
  const allowed = membership !== undefined && can(accessOf(membership), 'manage_users');
  return (
    <Box component="section" aria-labelledby={TABLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={TABLE_ID} variant="h1">
        {t(routes.changeLog.titleKey)}
      </Typography>
      {allowed ? <ChangeLog cloudId={cloudId} /> : <Typography>{t('platform.errors.forbidden')}</Typography>}
    </Box>
  );
}

function ChangeLog({ cloudId }: { readonly cloudId: number }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ChangeLogFilters>({
    range: 'all',
    person: null,
    objectType: null,
    object: null,
  });
  const [offset, setOffset] = useState(0);
  const result = useChangeLog(cloudId, filters, offset);
  const change = (next: Partial<ChangeLogFilters>) => {
    setFilters({ ...filters, ...next });
    setOffset(0);
  };
  const personLabel = (item: ChangeLogItem) =>
    item.actor.name || item.actor.email || t('changeLog.page.unknownPerson');
  // A person's own records (sign-ins, security changes) name them by their account.
  const objectName = (item: ChangeLogItem) =>
    item.object_name ||
    (item.object_type === 'user' && item.object_id === String(item.actor.id)
      ? personLabel(item)
      : item.object_id);
  const objectLabel = (item: ChangeLogItem) =>
    `${t(OBJECT_KEYS[item.object_type])} ${objectName(item) ?? ''}`.trim();

  const columns: ListColumn<ChangeLogItem>[] = [
    { id: 'at', header: t('changeLog.column.at'), cell: (item) => <DateTime iso={item.at} /> },
    {
      id: 'person',
      header: t('changeLog.column.person'),
      cell: (item) =>
        item.actor.id === null ? (
          personLabel(item)
        ) : (
          <Button
            size="small"
            sx={linkButton}
            aria-label={t('changeLog.page.filterPerson', { person: personLabel(item) })}
            onClick={() => change({ person: { id: item.actor.id ?? 0, label: personLabel(item) } })}
          >
            {personLabel(item)}
          </Button>
        ),
    },
    { id: 'action', header: t('changeLog.column.action'), cell: (item) => t(ACTION_KEYS[item.action]) },
    {
      id: 'object',
      header: t('changeLog.column.object'),
      cell: (item) =>
        item.object_id === null ? (
          objectLabel(item)
        ) : (
          <Button
            size="small"
            sx={linkButton}
            aria-label={t('changeLog.page.filterObject', { object: objectLabel(item) })}
            onClick={() =>
              change({
                objectType: item.object_type,
                object: { id: item.object_id ?? '', label: objectLabel(item) },
              })
            }
          >
            {objectLabel(item)}
          </Button>
        ),
    },
    {
      id: 'changes',
      header: t('changeLog.column.changes'),
      from: 'sm',
      cell: (item) => <Changes item={item} />,
    },
    { id: 'ip', header: t('changeLog.column.address'), from: 'md', cell: (item) => item.ip ?? '' },
  ];

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography color="text.secondary">{t('changeLog.page.intro')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <HistoryFilter
          label={t('changeLog.filter.object')}
          value={filters.objectType ?? 'all'}
          onChange={(value) => change({ objectType: value === 'all' ? null : value, object: null })}
          options={[
            { value: 'all' as const, label: t('activity.filter.all') },
            // Platform content is in no cloud's change log.
            ...AUDIT_OBJECT_TYPES.filter(
              (type) => !(PLATFORM_OBJECT_TYPES as readonly AuditObjectType[]).includes(type),
            ).map((type: AuditObjectType) => ({
              value: type,
              label: t(OBJECT_KEYS[type]),
            })),
          ]}
        />
        <RangeFilter value={filters.range} onChange={(range) => change({ range })} />
        <ExportButton href={changeLogExportHref(cloudId, filters)} />
        {filters.person && (
          <Chip
            label={t('changeLog.page.onlyPerson', { person: filters.person.label })}
            onDelete={() => change({ person: null })}
          />
        )}
        {filters.object && (
          <Chip
            label={t('changeLog.page.onlyObject', { object: filters.object.label })}
            onDelete={() => change({ object: null })}
          />
        )}
      </Box>
      <ListResults
        result={result}
        offset={offset}
        onOffset={setOffset}
        emptyText={t('changeLog.page.empty')}
        columns={columns}
        rowKey={(item) => item.id}
        labelledBy={TABLE_ID}
      />
    </Box>
  );
}

/** The fields a record changed, each with its value before and after. */
function Changes({ item }: { readonly item: ChangeLogItem }) {
  const { t } = useTranslation();
  const fields = [...new Set([...Object.keys(item.before ?? {}), ...Object.keys(item.after ?? {})])];
  if (fields.length === 0) return null;
  const text = (value: unknown) =>
    value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);
  return (
    <Box component="ul" sx={{ m: 0, pl: 2, typography: 'body2' }}>
      {fields.map((field) => (
        <li key={field}>
          {t('changeLog.changes.field', {
            field,
            before: text(item.before?.[field]),
            after: text(item.after?.[field]),
          })}
        </li>
      ))}
    </Box>
  );
}
