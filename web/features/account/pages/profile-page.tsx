// /v2/cloud/{cloudId}/profile: the signed-in user's name, email, language, time zone, formats, units and
// newsletter. Saving switches the whole app to the new language and formats at once; a new email takes
// effect once the link mailed to it is opened.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileBody } from '../../../../core/api/account.ts';
import {
  DATE_FORMATS,
  type DateFormat,
  TIME_FORMATS,
  type TimeFormat,
} from '../../../../core/date-formats.ts';
import type { MeasurementUnits } from '../../../../core/domain.ts';
import { LOCALES, type Locale } from '../../../../core/locales.ts';
import { formatDate } from '../../../platform/date-time.ts';
import { userLocale } from '../../../platform/i18n.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { PageLoader } from '../../../platform/page-loader.tsx';
import { PageSection } from '../../../platform/page-section.tsx';
import { type MeUser, useCachedMe } from '../../auth/index.ts';
import { accountFieldError } from '../account-errors.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { EmailStatus } from '../components/email-status.tsx';
import { TimeZoneField } from '../components/time-zone-field.tsx';

// A day (31 January 2026) that shows every part of a date format.
const SAMPLE = new Date(Date.UTC(2026, 0, 31, 16, 5));

export function ProfilePage() {
  const user = useCachedMe()?.user;
  if (!user) return <PageLoader />;
  return <ProfileForm user={user} />;
}

function ProfileForm({ user }: { readonly user: MeUser }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const [form, setForm] = useState({
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    currentPassword: '',
    timezone: user.timezone,
    preferredLanguage: userLocale(user.preferred_language) as Locale,
    dateFormat: user.date_format as DateFormat,
    timeFormat: user.time_format as TimeFormat,
    measurementUnits: user.measurement_units,
    subscribeNewsletter: user.subscribe_newsletter,
  });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const emailChanged = form.email.trim().toLowerCase() !== user.email.toLowerCase();
  const error = (path: string) => accountFieldError(update.error, path, t);
  const sample = (dateFormat: DateFormat) =>
    formatDate(SAMPLE, { locale: i18n.language, timeZone: 'UTC', dateFormat });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: ProfileBody = {
      firstname: form.firstname,
      lastname: form.lastname,
      timezone: form.timezone,
      preferred_language: form.preferredLanguage,
      date_format: form.dateFormat,
      time_format: form.timeFormat,
      measurement_units: form.measurementUnits,
      subscribe_newsletter: form.subscribeNewsletter,
      ...(emailChanged ? { email: form.email, current_password: form.currentPassword } : {}),
    };
    update.mutate(body, {
      onSuccess: (saved) => {
        set('currentPassword', '');
        // A new address waits for its mailed link: the form shows the email still in force.
        set('email', saved.email);
        const waiting = emailChanged && saved.pending_email !== null;
        showMessage({
          content: waiting
            ? t('account.profile.checkMail', { email: saved.pending_email })
            : t('account.profile.saved'),
        });
      },
    });
  };

  return (
    <PageSection routeKey="profile" maxWidth={720}>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'grid', gap: 2 }}>
        <Paper component="fieldset" variant="outlined" sx={fieldset}>
          <Typography component="legend" variant="h2" sx={legend}>
            {t('account.profile.personal')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              label={t('account.profile.firstname')}
              name="firstname"
              autoComplete="given-name"
              value={form.firstname}
              onChange={(event) => set('firstname', event.target.value)}
              error={error('/firstname') !== undefined}
              helperText={error('/firstname')}
            />
            <TextField
              label={t('account.profile.lastname')}
              name="lastname"
              autoComplete="family-name"
              value={form.lastname}
              onChange={(event) => set('lastname', event.target.value)}
              error={error('/lastname') !== undefined}
              helperText={error('/lastname')}
            />
          </Box>
          <TextField
            label={t('account.profile.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={form.email}
            onChange={(event) => set('email', event.target.value)}
            error={error('/email') !== undefined}
            helperText={error('/email') ?? (emailChanged ? t('account.profile.emailHint') : undefined)}
          />
          <EmailStatus user={user} />
          {emailChanged && (
            <TextField
              label={t('account.profile.currentPassword')}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              value={form.currentPassword}
              onChange={(event) => set('currentPassword', event.target.value)}
              error={error('/current_password') !== undefined}
              helperText={error('/current_password') ?? t('account.profile.currentPasswordHint')}
            />
          )}
        </Paper>
        <Paper component="fieldset" variant="outlined" sx={fieldset}>
          <Typography component="legend" variant="h2" sx={legend}>
            {t('account.profile.regional')}
          </Typography>
          <TextField
            select
            label={t('account.profile.language')}
            name="preferredLanguage"
            value={form.preferredLanguage}
            onChange={(event) => set('preferredLanguage', event.target.value as Locale)}
          >
            {LOCALES.map((locale) => (
              <MenuItem key={locale.code} value={locale.code} lang={locale.tag}>
                {locale.nativeName}
              </MenuItem>
            ))}
          </TextField>
          <TimeZoneField
            label={t('account.profile.timezone')}
            value={form.timezone}
            onChange={(zone) => set('timezone', zone)}
            error={error('/timezone')}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField
              select
              label={t('account.profile.dateFormat')}
              name="dateFormat"
              value={form.dateFormat}
              onChange={(event) => set('dateFormat', event.target.value as DateFormat)}
            >
              {DATE_FORMATS.map((format) => (
                <MenuItem key={format} value={format}>
                  {sample(format)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('account.profile.timeFormat')}
              name="timeFormat"
              value={form.timeFormat}
              onChange={(event) => set('timeFormat', event.target.value as TimeFormat)}
            >
              {TIME_FORMATS.map((format) => (
                <MenuItem key={format} value={format}>
                  {format === 'HH:mm' ? t('account.profile.clock24') : t('account.profile.clock12')}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <TextField
            select
            label={t('account.profile.units')}
            name="measurementUnits"
            value={form.measurementUnits}
            onChange={(event) => set('measurementUnits', event.target.value as MeasurementUnits)}
          >
            <MenuItem value="METRIC">{t('account.profile.metric')}</MenuItem>
            <MenuItem value="IMPERIAL">{t('account.profile.imperial')}</MenuItem>
          </TextField>
        </Paper>
        <FormControlLabel
          control={
            <Switch
              checked={form.subscribeNewsletter}
              onChange={(event) => set('subscribeNewsletter', event.target.checked)}
            />
          }
          label={t('account.profile.newsletter')}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={update.isPending}>
            {t('account.profile.save')}
          </Button>
        </Box>
      </Box>
    </PageSection>
  );
}

const fieldset = { display: 'grid', gap: 2, p: 2, m: 0, minWidth: 0 } as const;
const legend = { px: 1, fontSize: '1.1rem' } as const;
