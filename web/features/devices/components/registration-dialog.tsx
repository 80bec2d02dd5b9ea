// What registering a device and adopting one that called home ask alike: the site, the serial number on the
// label and an optional name, checked on every change after a first submit, with the server's refusal
// beside the field it names or over the form.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_NAME_MAX_LENGTH } from '../../../../core/limits.ts';
import { ModalShell } from '../../../platform/dialogs/modal-shell.tsx';
import { type FieldErrors, registrationErrors, SERIAL_PATTERN } from './registration-errors.ts';
import { RegistrationSiteField, type SiteChoice } from './registration-site-field.tsx';

/** The fields every registration sends: the name only when one was given. */
export interface RegistrationBasics {
  readonly site: SiteChoice;
  readonly sn: string;
  readonly name?: string;
}

export type ErrorOf = (field: keyof FieldErrors) => string | undefined;

interface RegistrationDialogProps {
  readonly cloudId: number;
  readonly title: string;
  readonly submitLabel: string;
  /** Said over the form. */
  readonly intro?: ReactNode;
  readonly serialHint: string;
  readonly capitalizeSerial?: boolean;
  /** The site chosen when the dialog opens. */
  readonly initialSite?: SiteChoice | null;
  readonly busy: boolean;
  /** The checks of the dialog's own fields. */
  readonly check?: () => FieldErrors;
  /** The dialog's own fields, between the serial number and the name. */
  readonly fields?: (errorOf: ErrorOf) => ReactNode;
  /** Sends the checked form; the dialog closes once it resolves. */
  readonly send: (basics: RegistrationBasics) => Promise<void>;
  readonly onClose: () => void;
}

export function RegistrationDialog(props: RegistrationDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [site, setSite] = useState<SiteChoice | null>(props.initialSite ?? null);
  const [sn, setSn] = useState('');
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<{ fields: FieldErrors; form?: string }>({ fields: {} });

  const check = (): FieldErrors => ({
    site_id: site ? undefined : t('devices.register.siteRequired'),
    sn: SERIAL_PATTERN.test(sn.trim()) ? undefined : t('devices.register.serialInvalid'),
    ...props.check?.(),
  });
  const failed = (errors: FieldErrors) => Object.values(errors).some((text) => text !== undefined);
  // After a first submit, the fields are checked on every change (as docs/validation.md prompts are).
  const local: FieldErrors = submitted ? check() : {};
  const errorOf: ErrorOf = (field) => local[field] ?? server.fields[field];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServer({ fields: {} });
    if (!site || failed(check())) return;
    try {
      await props.send({ site, sn: sn.trim(), ...(name.trim() === '' ? {} : { name: name.trim() }) });
      props.onClose();
    } catch (error) {
      setServer(registrationErrors(t, error));
    }
  };

  return (
    <ModalShell
      open
      title={props.title}
      onClose={props.onClose}
      actions={
        <>
          <Button onClick={props.onClose}>{t('platform.dialogs.cancel')}</Button>
          <Button type="submit" form={formId} variant="contained" disabled={props.busy || failed(local)}>
            {props.submitLabel}
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
        {props.intro}
        {server.form && <Alert severity="error">{server.form}</Alert>}
        <RegistrationSiteField
          cloudId={props.cloudId}
          value={site}
          onChange={setSite}
          error={errorOf('site_id')}
        />
        <TextField
          required
          label={t('devices.register.serial')}
          value={sn}
          onChange={(event) => setSn(event.target.value)}
          error={errorOf('sn') !== undefined}
          helperText={errorOf('sn') ?? props.serialHint}
          slotProps={{
            htmlInput: {
              maxLength: 40,
              spellCheck: false,
              ...(props.capitalizeSerial ? { autoCapitalize: 'characters' } : {}),
            },
          }}
        />
        {props.fields?.(errorOf)}
        <TextField
          label={t('devices.register.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errorOf('name') !== undefined}
          helperText={errorOf('name') ?? t('devices.register.nameHint')}
          slotProps={{ htmlInput: { maxLength: DEVICE_NAME_MAX_LENGTH } }}
        />
      </Box>
    </ModalShell>
  );
}
