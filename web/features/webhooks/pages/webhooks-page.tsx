// docs/webhooks.md#the-page: the Webhooks page (/v2/cloud/{cloudId}/webhooks), for members with
// manage_users: the cloud's webhooks with their alert filters, a dialog to add or change one, turning one on or off, "Send test",
// and each webhook's delivery log.
import AddIcon from '@mui/icons-material/Add';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ALERT_TITLE_KEYS } from '../../../../core/alert-titles.ts';
import type { Webhook } from '../../../../core/api/webhooks.ts';
import { readPathIds } from '../../../../core/routes.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { confirmThen } from '../../../platform/dialogs/dialog-store.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { PAGE_TITLE_ID, PageSection } from '../../../platform/page-section.tsx';
import { useFormatDateTime } from '../../account/index.ts';
import { useWebhookAction, useWebhooks, type WebhookAction } from '../api/webhooks.ts';
import { DeliveriesDialog } from '../components/deliveries-dialog.tsx';
import { WebhookDialog } from '../components/webhook-dialog.tsx';
import {
  EVENT_KEYS,
  FORMAT_KEYS,
  HEALTH_KEYS,
  isKnownAlertType,
  wantsAlerts,
} from '../components/webhook-texts.ts';

const LIST_ID = 'webhooks-list-title';
/** A filter's line wraps in its cell rather than running under the next column. */
const wrapping = { whiteSpace: 'normal' } as const;

export function WebhooksPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const cloudId = readPathIds(pathname).cloudId ?? null;
  const [offset, setOffset] = useState(0);
  const webhooks = useWebhooks(cloudId, offset);
  const action = useWebhookAction(cloudId ?? 0);
  const formatDateTime = useFormatDateTime();
  const [editing, setEditing] = useState<{ readonly webhook: Webhook | null } | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);

  const act = (change: WebhookAction, done: string, then?: () => void) =>
    action.mutate(change, {
      onSuccess: () => {
        showMessage({ content: done });
        then?.();
      },
      onError: (error) =>
        showMessage({
          variant: 'error',
          content: (isApiError(error) && error.serverMessage) || t('webhooks.error.actionFailed'),
        }),
    });

  const state = (webhook: Webhook) => {
    if (webhook.enabled)
      return (
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
          <Chip size="small" variant="outlined" color="success" label={t('webhooks.state.on')} />
          {webhook.failing_since && (
            <Typography variant="caption" color="warning.main">
              {t('webhooks.state.failingSince', { time: formatDateTime(webhook.failing_since) })}
            </Typography>
          )}
        </Box>
      );
    return (
      <Chip
        size="small"
        variant="outlined"
        color={webhook.disabled_reason === 'failing' ? 'error' : 'default'}
        label={webhook.disabled_reason === 'failing' ? t('webhooks.state.failing') : t('webhooks.state.off')}
      />
    );
  };

  /** The alert-type and health filters, when set on a webhook that wants alert events. */
  const alertFilters = (webhook: Webhook) => {
    if (!wantsAlerts(webhook.events)) return null;
    const types = webhook.alert_types.map((type) =>
      isKnownAlertType(type) ? t(ALERT_TITLE_KEYS[type]) : type,
    );
    const healths = webhook.alert_health_ids.map((health) => t(HEALTH_KEYS[health]));
    return (
      <>
        {types.length > 0 && (
          <Typography variant="caption" color="text.secondary" title={types.join(', ')} sx={wrapping}>
            {types.length <= 2
              ? t('webhooks.filter.alertTypes', { types: types.join(', ') })
              : t('webhooks.filter.alertTypesCount', { count: types.length })}
          </Typography>
        )}
        {healths.length > 0 && (
          <Typography variant="caption" color="text.secondary" sx={wrapping}>
            {t('webhooks.filter.healths', { healths: healths.join(', ') })}
          </Typography>
        )}
      </>
    );
  };

  const columns: ListColumn<Webhook>[] = [
    {
      id: 'url',
      header: t('webhooks.column.url'),
      cell: (webhook) => (
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start', minWidth: 0 }}>
          <Typography component="span" sx={{ fontWeight: 500, wordBreak: 'break-all', whiteSpace: 'normal' }}>
            {webhook.url}
          </Typography>
          {state(webhook)}
        </Box>
      ),
    },
    {
      id: 'events',
      header: t('webhooks.column.events'),
      cell: (webhook) => (
        <Box sx={{ display: 'grid', gap: 0.25, justifyItems: 'start' }}>
          <span title={webhook.events.map((event) => t(EVENT_KEYS[event])).join(', ')}>
            {webhook.events.length <= 2
              ? webhook.events.map((event) => t(EVENT_KEYS[event])).join(', ')
              : t('webhooks.events.count', { count: webhook.events.length })}
          </span>
          {alertFilters(webhook)}
        </Box>
      ),
      from: 'md',
    },
    {
      id: 'format',
      header: t('webhooks.column.format'),
      cell: (webhook) => t(FORMAT_KEYS[webhook.format]),
      nowrap: true,
      from: 'sm',
    },
    {
      id: 'actions',
      header: t('webhooks.column.actions'),
      headerHidden: true,
      cell: (webhook) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <Button
            size="small"
            startIcon={<SendIcon />}
            disabled={action.isPending}
            aria-label={t('webhooks.action.testNamed', { url: webhook.url })}
            onClick={() =>
              act({ kind: 'test', webhookId: webhook.id }, t('webhooks.message.testQueued'), () =>
                setLogOf(webhook),
              )
            }
          >
            {t('webhooks.action.test')}
          </Button>
          <Button
            size="small"
            aria-label={t('webhooks.action.deliveriesNamed', { url: webhook.url })}
            onClick={() => setLogOf(webhook)}
          >
            {t('webhooks.action.deliveries')}
          </Button>
          <Button
            size="small"
            aria-label={t('webhooks.action.editNamed', { url: webhook.url })}
            onClick={() => setEditing({ webhook })}
          >
            {t('webhooks.action.edit')}
          </Button>
          <Button
            size="small"
            disabled={action.isPending}
            aria-label={t(webhook.enabled ? 'webhooks.action.disableNamed' : 'webhooks.action.enableNamed', {
              url: webhook.url,
            })}
            onClick={() =>
              act(
                { kind: 'enable', webhookId: webhook.id, enabled: !webhook.enabled },
                t(webhook.enabled ? 'webhooks.message.disabled' : 'webhooks.message.enabled'),
              )
            }
          >
            {t(webhook.enabled ? 'webhooks.action.disable' : 'webhooks.action.enable')}
          </Button>
          <Button
            size="small"
            color="error"
            disabled={action.isPending}
            aria-label={t('webhooks.action.deleteNamed', { url: webhook.url })}
            onClick={() =>
              void confirmThen(
                t('webhooks.delete.title'),
                t('webhooks.delete.content', { url: webhook.url }),
                t('webhooks.action.delete'),
                () => act({ kind: 'delete', webhookId: webhook.id }, t('webhooks.message.deleted')),
              )
            }
          >
            {t('webhooks.action.delete')}
          </Button>
        </Box>
      ),
    },
  ];

  return (
    <PageSection
      routeKey="cloudWebhooks"
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ webhook: null })}>
          {t('webhooks.action.add')}
        </Button>
      }
    >
      <Typography id={LIST_ID} color="text.secondary">
        {t('webhooks.page.intro')}
      </Typography>
      <Paper variant="outlined" sx={{ minWidth: 0, p: 1, display: 'grid', gap: 0.5 }}>
        <ListResults
          result={{ ...webhooks, isPending: webhooks.isPending || cloudId === null }}
          offset={offset}
          onOffset={setOffset}
          emptyText={t('webhooks.page.empty')}
          columns={columns}
          rowKey={(webhook) => webhook.id}
          labelledBy={PAGE_TITLE_ID}
        />
      </Paper>
      {editing !== null && cloudId !== null && (
        <WebhookDialog
          cloudId={cloudId}
          webhook={editing.webhook}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showMessage({ content: t('webhooks.message.saved') });
          }}
        />
      )}
      {logOf !== null && cloudId !== null && (
        <DeliveriesDialog cloudId={cloudId} webhook={logOf} onClose={() => setLogOf(null)} />
      )}
    </PageSection>
  );
}
