// The dialog that adds or changes a webhook (docs/webhooks.md#the-page): the receiver, the events grouped,
// the site, alert-type and alert-health filters, the format, and the signing secret, shown only while it is being set.
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALERT_TITLE_KEYS } from '../../../../core/alert-titles.ts';
import {
  WEBHOOK_FORMATS,
  WEBHOOK_SECRET_MAX_LENGTH,
  WEBHOOK_SECRET_MIN_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  type Webhook,
  type WebhookEvent,
  type WebhookFormat,
} from '../../../../core/api/webhooks.ts';
import { ALERT_TYPES, type HealthId } from '../../../../core/domain.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useSitesSelect } from '../../sites/index.ts';
import { useSaveWebhook } from '../api/webhooks.ts';
import {
  EVENT_GROUPS,
  EVENT_KEYS,
  FORMAT_KEYS,
  HEALTH_KEYS,
  isKnownAlertType,
  newSecret,
  wantsAlerts,
} from './webhook-texts.ts';

type Form = {
  url: string;
  format: WebhookFormat;
  events: WebhookEvent[];
  siteIds: number[];
  /** ALERT_TYPE names; a type the console no longer knows stays as it was saved. */
  alertTypes: string[];
  healthIds: HealthId[];
  /** null: the secret set before is kept. */
  secret: string | null;
};
type Field = 'url' | 'events' | 'secret' | 'siteIds' | 'alertTypes';

const HEALTHS: HealthId[] = ['HEALTH_CRITICAL', 'HEALTH_WARNING', 'HEALTH_NORMAL'];
const SERVER_FIELDS: Record<string, Field> = {
  '/url': 'url',
  '/events': 'events',
  '/secret': 'secret',
  '/site_ids': 'siteIds',
  '/alert_types': 'alertTypes',
};

const formOf = (webhook: Webhook | null): Form =>
  webhook
    ? {
        url: webhook.url,
        format: webhook.format,
        events: [...webhook.events],
        siteIds: [...webhook.site_ids],
        alertTypes: [...webhook.alert_types],
        healthIds: [...webhook.alert_health_ids],
        secret: null,
      }
    : {
        url: '',
        format: 'json',
        events: [],
        siteIds: [],
        alertTypes: [],
        healthIds: [],
        secret: newSecret(),
      };

function localErrors(form: Form): Field[] {
  const errors: Field[] = [];
  if (!/^https?:\/\/\S+$/.test(form.url.trim())) errors.push('url');
  if (form.events.length === 0) errors.push('events');
  if (
    form.secret !== null &&
    !(
      form.secret.length >= WEBHOOK_SECRET_MIN_LENGTH &&
      form.secret.length <= WEBHOOK_SECRET_MAX_LENGTH &&
      /^[\x21-\x7e]+$/.test(form.secret)
    )
  )
    errors.push('secret');
  return errors;
}

const ERROR_KEYS = {
  url: 'webhooks.error.url',
  events: 'webhooks.error.events',
  secret: 'webhooks.error.secret',
  siteIds: 'webhooks.error.saveFailed',
  alertTypes: 'webhooks.error.saveFailed',
} as const satisfies Record<Field, string>;

interface WebhookDialogProps {
  readonly cloudId: number;
  /** The webhook to change, or null for a new one. */
  readonly webhook: Webhook | null;
  readonly onClose: () => void;
  readonly onSaved: (saved: Webhook) => void;
}

export function WebhookDialog({ cloudId, webhook, onClose, onSaved }: WebhookDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [form, setForm] = useState<Form>(() => formOf(webhook));
  const [attempted, setAttempted] = useState(false);
  const [siteSearch, setSiteSearch] = useState('');
  const sites = useSitesSelect(cloudId, { filter: siteSearch, includeId: null, includeIds: form.siteIds });
  const save = useSaveWebhook(cloudId);
  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((before) => ({ ...before, [key]: value }));

  const errors = attempted ? localErrors(form) : [];
  const serverIssues =
    save.error && isApiError(save.error) && save.error.kind === 'validation' ? save.error.errors : [];
  const failure =
    save.error && !(isApiError(save.error) && save.error.kind === 'validation')
      ? (isApiError(save.error) && save.error.serverMessage) || t('webhooks.error.saveFailed')
      : null;
  const helper = (field: Field, hint?: string) => {
    if (errors.includes(field)) return t(ERROR_KEYS[field]);
    return serverIssues.find((issue) => SERVER_FIELDS[issue.path] === field)?.message ?? hint;
  };
  const invalid = (field: Field) =>
    errors.includes(field) || serverIssues.some((issue) => SERVER_FIELDS[issue.path] === field);

  const toggle = <T,>(list: readonly T[], item: T, on: boolean) =>
    on ? [...list.filter((one) => one !== item), item] : list.filter((one) => one !== item);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (localErrors(form).length > 0) return;
    const body = {
      url: form.url.trim(),
      format: form.format,
      events: form.events,
      site_ids: form.siteIds,
      alert_types: form.alertTypes,
      alert_health_ids: form.healthIds,
      ...(form.secret === null ? {} : { secret: form.secret }),
    };
    save.mutate(
      webhook
        ? { webhookId: webhook.id, body }
        : { webhookId: null, body: { ...body, secret: form.secret ?? '' } },
      { onSuccess: onSaved },
    );
  };

  const copySecret = () => {
    if (form.secret === null) return;
    void navigator.clipboard
      ?.writeText(form.secret)
      .then(() => showMessage({ content: t('webhooks.message.copied') }));
  };
  const siteNames = new Map((sites.data?.sites ?? []).map((site) => [site.id, site.name]));
  // The known types by their title; one saved that the console no longer knows is kept as it is.
  const alertTypeOptions = [
    ...[...ALERT_TYPES].sort((a, b) => t(ALERT_TITLE_KEYS[a]).localeCompare(t(ALERT_TITLE_KEYS[b]))),
    ...form.alertTypes.filter((type) => !(ALERT_TYPES as readonly string[]).includes(type)),
  ];
  const eventsLabelId = `${formId}-events`;
  const healthsLabelId = `${formId}-healths`;

  return (
    <ModalShell
      open
      maxWidth="sm"
      title={webhook ? t('webhooks.dialog.editTitle') : t('webhooks.dialog.createTitle')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={save.isPending}>
            {t('webhooks.dialog.save')}
          </Button>
        </>
      }
    >
      <Stack component="form" id={formId} noValidate onSubmit={submit} spacing={2} sx={{ pt: 1 }}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <TextField
          label={t('webhooks.field.url')}
          value={form.url}
          onChange={(event) => set('url', event.target.value)}
          required
          type="url"
          placeholder="https://"
          error={invalid('url')}
          helperText={helper('url', t('webhooks.hint.url'))}
          slotProps={{ htmlInput: { maxLength: WEBHOOK_URL_MAX_LENGTH } }}
        />
        <TextField
          select
          label={t('webhooks.field.format')}
          value={form.format}
          onChange={(event) => set('format', event.target.value as WebhookFormat)}
        >
          {WEBHOOK_FORMATS.map((format) => (
            <MenuItem key={format} value={format}>
              {t(FORMAT_KEYS[format])}
            </MenuItem>
          ))}
        </TextField>
        <FormControl component="fieldset" error={invalid('events')} required>
          <FormLabel component="legend" id={eventsLabelId}>
            {t('webhooks.field.events')}
          </FormLabel>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            {EVENT_GROUPS.map((group) => (
              <Box key={group.key} role="group" aria-label={t(group.key)}>
                <Typography variant="subtitle2" component="p">
                  {t(group.key)}
                </Typography>
                <FormGroup>
                  {group.events.map((event) => (
                    <FormControlLabel
                      key={event}
                      control={
                        <Checkbox
                          size="small"
                          checked={form.events.includes(event)}
                          onChange={(change) =>
                            set('events', toggle(form.events, event, change.target.checked))
                          }
                        />
                      }
                      label={t(EVENT_KEYS[event])}
                    />
                  ))}
                </FormGroup>
              </Box>
            ))}
          </Box>
          {invalid('events') && <FormHelperText>{helper('events')}</FormHelperText>}
        </FormControl>
        {wantsAlerts(form.events) && (
          <Autocomplete
            multiple
            options={alertTypeOptions}
            value={form.alertTypes}
            onChange={(_, value) => set('alertTypes', value)}
            getOptionLabel={(type) => (isKnownAlertType(type) ? t(ALERT_TITLE_KEYS[type]) : type)}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('webhooks.field.alertTypes')}
                error={invalid('alertTypes')}
                helperText={helper('alertTypes', t('webhooks.hint.alertTypes'))}
              />
            )}
          />
        )}
        {wantsAlerts(form.events) && (
          <FormControl component="fieldset">
            <FormLabel component="legend" id={healthsLabelId}>
              {t('webhooks.field.healths')}
            </FormLabel>
            <FormGroup row>
              {HEALTHS.map((health) => (
                <FormControlLabel
                  key={health}
                  control={
                    <Checkbox
                      size="small"
                      checked={form.healthIds.includes(health)}
                      onChange={(change) =>
                        set('healthIds', toggle(form.healthIds, health, change.target.checked))
                      }
                    />
                  }
                  label={t(HEALTH_KEYS[health])}
                />
              ))}
            </FormGroup>
            <FormHelperText>{t('webhooks.hint.healths')}</FormHelperText>
          </FormControl>
        )}
        <Autocomplete
          multiple
          options={(sites.data?.sites ?? []).map((site) => site.id)}
          value={form.siteIds}
          onChange={(_, value) => set('siteIds', value)}
          onInputChange={(_, value, reason) => {
            if (reason === 'input') setSiteSearch(value.trim());
          }}
          filterOptions={(ids) => ids}
          getOptionLabel={(id) => siteNames.get(id) ?? String(id)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('webhooks.field.sites')}
              error={invalid('siteIds')}
              helperText={helper('siteIds', t('webhooks.hint.sites'))}
            />
          )}
        />
        {form.secret === null ? (
          <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
            <Typography color="text.secondary">{t('webhooks.hint.secretSet')}</Typography>
            <Button onClick={() => set('secret', newSecret())}>{t('webhooks.action.replaceSecret')}</Button>
          </Box>
        ) : (
          <Box sx={{ display: 'grid', gap: 1 }}>
            <TextField
              label={t('webhooks.field.secret')}
              value={form.secret}
              onChange={(event) => set('secret', event.target.value)}
              required
              error={invalid('secret')}
              helperText={helper('secret', t('webhooks.hint.secretNew'))}
              slotProps={{
                htmlInput: { maxLength: WEBHOOK_SECRET_MAX_LENGTH, spellCheck: false, autoComplete: 'off' },
              }}
              sx={{ '& input': { fontFamily: 'monospace' } }}
            />
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button size="small" onClick={copySecret}>
                {t('webhooks.action.copy')}
              </Button>
              <Button size="small" onClick={() => set('secret', newSecret())}>
                {t('webhooks.action.generate')}
              </Button>
            </Box>
          </Box>
        )}
      </Stack>
    </ModalShell>
  );
}
