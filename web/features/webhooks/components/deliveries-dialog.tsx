// A webhook's delivery log (docs/webhooks.md#the-delivery-log): newest first, paged on the server, with
// the answer's code, the time it took and its first bytes.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Webhook, WebhookDelivery } from '../../../../core/api/webhooks.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { useFormatDateTime } from '../../account/index.ts';
import { useWebhookDeliveries } from '../api/webhooks.ts';
import { DELIVERY_STATE_KEYS, eventKey } from './webhook-texts.ts';

const STATE_COLOURS = {
  pending: 'default',
  delivered: 'success',
  failed: 'warning',
  given_up: 'error',
} as const satisfies Record<WebhookDelivery['state'], string>;

interface DeliveriesDialogProps {
  readonly cloudId: number;
  readonly webhook: Webhook;
  readonly onClose: () => void;
}

export function DeliveriesDialog({ cloudId, webhook, onClose }: DeliveriesDialogProps) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const deliveries = useWebhookDeliveries(cloudId, webhook.id, offset);
  const formatDateTime = useFormatDateTime();
  const titleId = `webhook-deliveries-${webhook.id}`;

  const columns: ListColumn<WebhookDelivery>[] = [
    {
      id: 'time',
      header: t('webhooks.column.time'),
      cell: (delivery) => formatDateTime(delivery.attempted_at ?? delivery.created_at),
    },
    {
      id: 'event',
      header: t('webhooks.column.event'),
      cell: (delivery) => (
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
          <span>{t(eventKey(delivery.event))}</span>
          <Chip
            size="small"
            variant="outlined"
            color={STATE_COLOURS[delivery.state]}
            label={t(DELIVERY_STATE_KEYS[delivery.state])}
          />
          <Typography variant="caption" color="text.secondary">
            {`${t('webhooks.column.code')}: ${
              delivery.response_code ?? (delivery.attempts > 0 ? t('webhooks.delivery.noAnswer') : '—')
            }`}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('webhooks.delivery.attempts', { count: delivery.attempts })}
          </Typography>
          {delivery.next_attempt_at && delivery.state === 'failed' && (
            <Typography variant="caption" color="text.secondary">
              {t('webhooks.delivery.nextAttempt', { time: formatDateTime(delivery.next_attempt_at) })}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      id: 'latency',
      header: t('webhooks.column.latency'),
      cell: (delivery) =>
        delivery.latency_ms === null ? '—' : t('webhooks.latency.ms', { ms: delivery.latency_ms }),
      nowrap: true,
      from: 'sm',
    },
    {
      id: 'excerpt',
      header: t('webhooks.column.excerpt'),
      cell: (delivery) => (
        <Typography
          component="span"
          variant="body2"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all', display: 'block', maxWidth: 360 }}
        >
          {delivery.response_excerpt ? delivery.response_excerpt.slice(0, 200) : '—'}
        </Typography>
      ),
      from: 'md',
    },
  ];

  return (
    <ModalShell
      open
      maxWidth="lg"
      title={t('webhooks.action.deliveries')}
      onClose={onClose}
      actions={<Button onClick={onClose}>{t('webhooks.action.close')}</Button>}
    >
      <Typography id={titleId} sx={{ mb: 1, wordBreak: 'break-all' }}>
        {t('webhooks.action.deliveriesNamed', { url: webhook.url })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('webhooks.deliveries.intro')}
      </Typography>
      <ListResults
        result={deliveries}
        offset={offset}
        onOffset={setOffset}
        emptyText={t('webhooks.deliveries.empty')}
        columns={columns}
        rowKey={(delivery) => delivery.id}
        labelledBy={titleId}
      />
    </ModalShell>
  );
}
