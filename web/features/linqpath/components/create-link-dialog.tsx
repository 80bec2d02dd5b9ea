// "Create link" (docs/linqpath.md#creating-the-link): registers the plan's two radios into sites with the
// device registration call (site permission register), the plan's radio model for each, and places each
// device at its end's coordinates. An end taken from a registered device has nothing to register.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceMac } from '../../../../core/api/device-registration.ts';
import type { RegisteredDevice } from '../../../../core/api/devices.ts';
import type { LinqPathEnd, LinqPathInputs } from '../../../../core/api/linqpath.ts';
import { DEVICE_NAME_MAX_LENGTH } from '../../../../core/limits.ts';
import { radioModel } from '../../../../core/linqpath/radios.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { apiPut } from '../../../platform/http.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import {
  devicesKeys,
  type FieldErrors,
  RegistrationSiteField,
  registerDevice,
  registrationErrors,
  SERIAL_PATTERN,
  type SiteChoice,
} from '../../devices/index.ts';

type EndKey = 'a' | 'b';
type EndForm = { site: SiteChoice | null; sn: string; mac: string };
type EndErrors = { fields: FieldErrors; form?: string };

const END_KEYS: readonly EndKey[] = ['a', 'b'];

/** The end's site, when the point was taken from one, is where its radio goes unless the user chooses. */
const initialEnd = (end: LinqPathEnd): EndForm => ({
  site: end.site_id === null ? null : { id: end.site_id, name: end.label },
  sn: '',
  mac: '',
});

export function CreateLinkDialog({
  cloudId,
  inputs,
  onClose,
}: {
  readonly cloudId: number;
  readonly inputs: LinqPathInputs;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const queryClient = useQueryClient();
  const [forms, setForms] = useState<Record<EndKey, EndForm>>({
    a: initialEnd(inputs.a),
    b: initialEnd(inputs.b),
  });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [server, setServer] = useState<Record<EndKey, EndErrors>>({ a: { fields: {} }, b: { fields: {} } });
  // The radios registered so far: a second try after one end failed registers only the other.
  const [registered, setRegistered] = useState<Partial<Record<EndKey, RegisteredDevice>>>({});
  const toRegister = END_KEYS.filter((key) => inputs[key].device_id === null);

  const check = (key: EndKey): FieldErrors => {
    const form = forms[key];
    return {
      site_id: form.site ? undefined : t('devices.register.siteRequired'),
      sn: SERIAL_PATTERN.test(form.sn.trim()) ? undefined : t('devices.register.serialInvalid'),
      mac: deviceMac(form.mac.trim()) ? undefined : t('devices.register.macInvalid'),
    };
  };
  const failed = (errors: FieldErrors) => Object.values(errors).some((text) => text !== undefined);
  const errorOf = (key: EndKey, field: keyof FieldErrors) =>
    (submitted ? check(key)[field] : undefined) ?? server[key].fields[field];
  const change = (key: EndKey, patch: Partial<EndForm>) =>
    setForms((current) => ({ ...current, [key]: { ...current[key], ...patch } }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServer({ a: { fields: {} }, b: { fields: {} } });
    const pending = toRegister.filter((key) => !registered[key]);
    if (pending.some((key) => failed(check(key)))) return;
    setBusy(true);
    const done = { ...registered };
    const refused: Partial<Record<EndKey, EndErrors>> = {};
    for (const key of pending) {
      const end = inputs[key];
      const form = forms[key];
      if (!form.site) continue;
      try {
        done[key] = await registerDevice(cloudId, {
          site_id: form.site.id,
          sn: form.sn.trim(),
          mac: form.mac.trim(),
          product_brand_id: end.product_brand_id,
          name: end.label.trim().slice(0, DEVICE_NAME_MAX_LENGTH),
        });
      } catch (error) {
        const texts = registrationErrors(t, error);
        // The model and the name come from the plan: a refusal of them is said over the end's fields.
        const other = texts.fields.product_brand_id ?? texts.fields.name;
        refused[key] = other === undefined ? texts : { fields: texts.fields, form: texts.form ?? other };
      }
    }
    setRegistered(done);
    // The device's place on its site's map is the end's point (docs/site-map.md); without edit_map it stays
    // the site's, and the message says so.
    let placed = true;
    for (const key of pending) {
      const device = done[key];
      if (!device) continue;
      try {
        await apiPut(`/apiv2/cloud/${cloudId}/devices/${device.id}/location`, {
          latitude: inputs[key].latitude,
          longitude: inputs[key].longitude,
        });
      } catch {
        placed = false;
      }
    }
    await queryClient.invalidateQueries({ queryKey: devicesKeys.all(cloudId) });
    setBusy(false);
    if (Object.keys(refused).length > 0) {
      setServer({ a: refused.a ?? { fields: {} }, b: refused.b ?? { fields: {} } });
      return;
    }
    showMessage({
      content: t(placed ? 'linqpath.createLink.done' : 'linqpath.createLink.doneNotPlaced', {
        a: inputs.a.label,
        b: inputs.b.label,
      }),
    });
    onClose();
  };

  const local = submitted
    ? toRegister.filter((key) => !registered[key]).some((key) => failed(check(key)))
    : false;

  return (
    <ModalShell
      open
      title={t('linqpath.createLink.title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={busy || local}>
            {t('linqpath.createLink.submit')}
          </Button>
        </>
      }
    >
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gap: 2, pt: 1 }}
      >
        <Typography color="text.secondary">{t('linqpath.createLink.intro')}</Typography>
        {END_KEYS.map((key) => {
          const end = inputs[key];
          const model = radioModel(end.product_brand_id);
          const heading = t(key === 'a' ? 'linqpath.createLink.endA' : 'linqpath.createLink.endB', {
            name: end.label,
          });
          return (
            <Box
              key={key}
              component="fieldset"
              sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'grid', gap: 1.5 }}
            >
              <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                {heading}
              </Typography>
              {end.device_id !== null ? (
                <Typography>{t('linqpath.createLink.alreadyRegistered', { name: end.label })}</Typography>
              ) : registered[key] ? (
                <Alert severity="success">
                  {t('linqpath.createLink.endDone', { name: registered[key]?.name ?? end.label })}
                </Alert>
              ) : (
                <>
                  <Typography variant="body2" color="text.secondary">
                    {t('linqpath.createLink.model', { model: model ? `${model.name} (${model.sku})` : '' })}
                  </Typography>
                  {server[key].form && <Alert severity="error">{server[key].form}</Alert>}
                  <RegistrationSiteField
                    cloudId={cloudId}
                    value={forms[key].site}
                    onChange={(site) => change(key, { site })}
                    error={errorOf(key, 'site_id')}
                  />
                  <TextField
                    required
                    label={t('devices.register.serial')}
                    value={forms[key].sn}
                    onChange={(event) => change(key, { sn: event.target.value })}
                    error={errorOf(key, 'sn') !== undefined}
                    helperText={errorOf(key, 'sn') ?? t('devices.register.serialHint')}
                    slotProps={{
                      htmlInput: { maxLength: 40, spellCheck: false, autoCapitalize: 'characters' },
                    }}
                  />
                  <TextField
                    required
                    label={t('devices.register.mac')}
                    value={forms[key].mac}
                    onChange={(event) => change(key, { mac: event.target.value })}
                    error={errorOf(key, 'mac') !== undefined}
                    helperText={errorOf(key, 'mac') ?? t('devices.register.macHint')}
                    slotProps={{ htmlInput: { maxLength: 17, spellCheck: false } }}
                  />
                </>
              )}
            </Box>
          );
        })}
      </Box>
    </ModalShell>
  );
}
