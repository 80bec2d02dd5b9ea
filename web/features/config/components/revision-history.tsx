// A site's or a device's own revisions, newest first, paged: who applied what and when, each one's changes,
// and a rollback for whoever may change the configuration.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfigRevision } from '../../../../core/api/config.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useFormatDateTime } from '../../account/index.ts';
import type { ConfigOwner } from '../api/config-owner.ts';
import { REVISIONS_PAGE_SIZE, useConfigRevisions } from '../api/get-config-revisions.ts';
import { useRollbackConfigRevision } from '../api/rollback-config-revision.ts';
import { ChangesTable } from './changes-table.tsx';
import { ConfigSection } from './config-section.tsx';
import { TYPE_TITLE_KEYS } from './type-labels.ts';

const KIND_KEYS = {
  apply: 'config.revisions.kindApply',
  rollback: 'config.revisions.kindRollback',
  sync: 'config.revisions.kindSync',
} as const satisfies Record<ConfigRevision['kind'], string>;

export function RevisionHistory({
  cloudId,
  owner,
  canChange,
}: {
  readonly cloudId: number;
  readonly owner: ConfigOwner;
  readonly canChange: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const formatDateTime = useFormatDateTime();
  const [offset, setOffset] = useState(0);
  const [previewed, setPreviewed] = useState<ConfigRevision | null>(null);
  const revisions = useConfigRevisions(cloudId, owner, offset);
  const rollback = useRollbackConfigRevision(cloudId, owner);
  const data = revisions.data;

  const rollBack = async (revision: ConfigRevision) => {
    const confirmed = await confirmDialog({
      title: t('config.revisions.rollbackTitle', { id: revision.id }),
      content:
        owner.kind === 'site'
          ? t('config.revisions.rollbackContent', { type: t(TYPE_TITLE_KEYS[revision.config_type]) })
          : t('config.revisions.rollbackDevice'),
      confirmLabel: t('config.revisions.rollback'),
    });
    if (!confirmed) return;
    try {
      const result = await rollback.mutateAsync({ revisionId: revision.id, body: {} });
      showMessage({ content: t('config.revisions.rolledBack', { count: result.task_ids.length }) });
    } catch {
      // The app's error policy says what failed.
    }
  };

  return (
    <ConfigSection title={t('config.revisions.title')} headingId={headingId}>
      {revisions.isError && !data ? (
        <LoadFailed message={t('config.revisions.loadFailed')} onRetry={() => revisions.refetch()} />
      ) : !data ? (
        <CircularProgress size={24} aria-label={t('config.revisions.loading')} />
      ) : data.revisions.length === 0 ? (
        <Typography>
          {owner.kind === 'site' ? t('config.revisions.empty') : t('config.revisions.deviceEmpty')}
        </Typography>
      ) : (
        <>
          <Box
            component="ul"
            aria-labelledby={headingId}
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
          >
            {data.revisions.map((revision) => (
              <Box
                component="li"
                key={revision.id}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1,
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  borderBottom: 1,
                  borderColor: 'divider',
                  pb: 1,
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography>
                    {t('config.revisions.headline', {
                      id: revision.id,
                      kind: t(KIND_KEYS[revision.kind]),
                      type: t(TYPE_TITLE_KEYS[revision.config_type]),
                    })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('config.revisions.byline', {
                      author: revision.author_name ?? t('config.revisions.noAuthor'),
                      time: formatDateTime(revision.created_at),
                      count: revision.changes.length,
                    })}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button size="small" onClick={() => setPreviewed(revision)}>
                    {t('config.revisions.preview')}
                  </Button>
                  {canChange && (
                    <Button
                      size="small"
                      // Error rather than warning: the warning colour's text is too faint on white (axe).
                      color="error"
                      disabled={rollback.isPending}
                      onClick={() => void rollBack(revision)}
                    >
                      {t('config.revisions.rollback')}
                    </Button>
                  )}
                </Box>
              </Box>
            ))}
          </Box>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ flexGrow: 1 }}>
              {t('config.revisions.range', {
                from: offset + 1,
                to: offset + data.revisions.length,
                total: data.total,
              })}
            </Typography>
            <Button
              size="small"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - REVISIONS_PAGE_SIZE))}
            >
              {t('config.revisions.newer')}
            </Button>
            <Button
              size="small"
              disabled={offset + REVISIONS_PAGE_SIZE >= data.total}
              onClick={() => setOffset(offset + REVISIONS_PAGE_SIZE)}
            >
              {t('config.revisions.older')}
            </Button>
          </Box>
        </>
      )}
      {previewed && (
        <ModalShell
          open
          maxWidth="md"
          title={t('config.revisions.previewTitle', { id: previewed.id })}
          onClose={() => setPreviewed(null)}
          actions={<Button onClick={() => setPreviewed(null)}>{t('platform.dialogs.ok')}</Button>}
        >
          <Box sx={{ overflowX: 'auto' }}>
            <ChangesTable
              changes={previewed.changes}
              label={t('config.revisions.previewTitle', { id: previewed.id })}
            />
          </Box>
        </ModalShell>
      )}
    </ConfigSection>
  );
}
