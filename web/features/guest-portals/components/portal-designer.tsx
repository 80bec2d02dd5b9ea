// The Captive Portals designer (docs/guest-access.md#captive-portals): a portal's site and SSID, name, colours,
// logo and background, welcome text and terms in each of the seven languages, ways of signing in, free plan,
// walled garden and redirect, with a live preview drawn by the voucher page's own component.
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
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FREE_PLAN_METHODS,
  PORTAL_IMAGE_MAX_BYTES,
  PORTAL_IMAGE_MAX_LABEL,
  PORTAL_METHODS,
  PORTAL_NAME_MAX_LENGTH,
  PORTAL_REDIRECT_MAX_LENGTH,
  PORTAL_SSID_MAX_LENGTH,
  PORTAL_TERMS_MAX_LENGTH,
  PORTAL_WELCOME_MAX_LENGTH,
  type Portal,
  type PortalImageKind,
  type PortalMethod,
  type PortalTexts,
  WALLED_GARDEN_HOST_PATTERN,
  WALLED_GARDEN_MAX,
} from '../../../../core/api/guest-portals.ts';
import { LOCALES, type Locale } from '../../../../core/locales.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { fieldIssue } from '../../../platform/form-errors.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { type PortalLook, PortalView } from '../../guest-voucher/index.ts';
import { SiteSelect } from '../../sites/index.ts';
import { portalImageUrl, usePlanChoices, usePortalChange } from '../api/portals.ts';

const METHOD_KEYS = {
  voucher: 'guestPortals.method.voucher',
  account: 'guestPortals.method.account',
  click_through: 'guestPortals.method.clickThrough',
  email: 'guestPortals.method.email',
} as const satisfies Record<PortalMethod, string>;

const IMAGE_TYPES = 'image/png,image/jpeg,image/svg+xml';
const HOST = new RegExp(WALLED_GARDEN_HOST_PATTERN);
const HEX = /^#[0-9A-Fa-f]{6}$/;

type Draft = {
  siteId: number | null;
  ssid: string;
  name: string;
  primaryColor: string;
  backgroundColor: string;
  textColor: string;
  texts: PortalTexts;
  methods: PortalMethod[];
  freePlanId: number | null;
  walledGarden: string;
  redirectUrl: string;
};

const draftOf = (portal: Portal | null, siteId: number | null): Draft => ({
  siteId: portal?.site_id ?? siteId,
  ssid: portal?.ssid ?? '',
  name: portal?.name ?? '',
  primaryColor: portal?.primary_color ?? '#1565c0',
  backgroundColor: portal?.background_color ?? '#f5f7fa',
  textColor: portal?.text_color ?? '#1a1a1a',
  texts: portal?.texts ?? {},
  methods: portal?.methods ?? ['voucher'],
  freePlanId: portal?.free_plan_id ?? null,
  walledGarden: (portal?.walled_garden ?? []).join('\n'),
  redirectUrl: portal?.redirect_url ?? '',
});

const hosts = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((host) => host.trim())
    .filter((host) => host !== '');

function ColourField({
  label,
  value,
  onChange,
  error,
}: {
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const valid = HEX.test(value);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box
        component="input"
        type="color"
        aria-label={t('guestPortals.field.colourPicker', { name: label })}
        value={valid ? value.toLowerCase() : '#000000'}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        sx={{
          width: 44,
          height: 40,
          p: 0.25,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'transparent',
        }}
      />
      <TextField
        id={id}
        size="small"
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value.trim())}
        error={!valid || Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
        sx={{ flex: 1, minWidth: 0 }}
      />
    </Stack>
  );
}

export interface PortalDesignerProps {
  readonly cloudId: number;
  /** The portal to change; null for a new one. */
  readonly portal: Portal | null;
  /** The site a new portal starts on. */
  readonly siteId: number | null;
  readonly onSaved: (portal: Portal) => void;
  readonly onDeleted: () => void;
}

export function PortalDesigner({ cloudId, portal, siteId, onSaved, onDeleted }: PortalDesignerProps) {
  const { t } = useTranslation();
  const change = usePortalChange(cloudId);
  const plans = usePlanChoices(cloudId);
  const [draft, setDraft] = useState<Draft>(() => draftOf(portal, siteId));
  const [language, setLanguage] = useState<Locale>('en');
  const [width, setWidth] = useState<'phone' | 'desktop'>('phone');
  const [error, setError] = useState<unknown>(null);
  const files = { logo: useRef<HTMLInputElement>(null), background: useRef<HTMLInputElement>(null) };
  const set = (next: Partial<Draft>) => setDraft((current) => ({ ...current, ...next }));
  const issue = (path: string) => fieldIssue(error, path)?.message;
  const texts = draft.texts[language] ?? { welcome: '', terms: '' };
  const gardenHosts = hosts(draft.walledGarden);
  const badHosts = gardenHosts.filter((host) => host.length > 253 || !HOST.test(host));
  const needsPlan = draft.methods.some((method) => FREE_PLAN_METHODS.includes(method));
  const redirectValid = draft.redirectUrl.trim() === '' || /^https?:\/\/\S+$/.test(draft.redirectUrl.trim());
  const colours = [draft.primaryColor, draft.backgroundColor, draft.textColor];
  const ready =
    draft.siteId !== null &&
    draft.name.trim() !== '' &&
    draft.methods.length > 0 &&
    (!needsPlan || draft.freePlanId !== null) &&
    badHosts.length === 0 &&
    gardenHosts.length <= WALLED_GARDEN_MAX &&
    redirectValid &&
    colours.every((colour) => HEX.test(colour));

  const look: PortalLook = {
    name: draft.name.trim() || t('guestPortals.designer.untitled'),
    primary_color: HEX.test(draft.primaryColor) ? draft.primaryColor : '#1565c0',
    background_color: HEX.test(draft.backgroundColor) ? draft.backgroundColor : '#f5f7fa',
    text_color: HEX.test(draft.textColor) ? draft.textColor : '#1a1a1a',
    welcome: texts.welcome,
    terms: texts.terms,
    methods: draft.methods,
    logo_url: portal?.logo ? portalImageUrl(portal.id, 'logo', portal.logo.file_id) : null,
    background_url: portal?.background
      ? portalImageUrl(portal.id, 'background', portal.background.file_id)
      : null,
  };

  const setText = (field: 'welcome' | 'terms', value: string) =>
    set({ texts: { ...draft.texts, [language]: { ...texts, [field]: value } } });
  const toggleMethod = (method: PortalMethod, on: boolean) =>
    set({
      methods: on
        ? PORTAL_METHODS.filter((m) => m === method || draft.methods.includes(m))
        : draft.methods.filter((m) => m !== method),
    });

  const save = () => {
    if (draft.siteId === null) return;
    const filled = Object.fromEntries(
      Object.entries(draft.texts).filter(([, text]) => text && (text.welcome.trim() || text.terms.trim())),
    ) as PortalTexts;
    const body = {
      site_id: draft.siteId,
      ssid: draft.ssid.trim() || null,
      name: draft.name.trim(),
      primary_color: draft.primaryColor,
      background_color: draft.backgroundColor,
      text_color: draft.textColor,
      texts: filled,
      methods: draft.methods,
      free_plan_id: draft.freePlanId,
      walled_garden: gardenHosts,
      redirect_url: draft.redirectUrl.trim(),
    };
    setError(null);
    change.mutate(portal ? { kind: 'update', portalId: portal.id, body } : { kind: 'create', body }, {
      onSuccess: (saved) => {
        if (!saved) return;
        showMessage({
          content: t('guestPortals.designer.saved', { name: saved.name }),
          variant: 'success',
          domain: 'guest-portals',
        });
        onSaved(saved);
      },
      onError: setError,
    });
  };

  const remove = async () => {
    if (!portal) return;
    const ok = await confirmDialog({
      title: t('guestPortals.delete.title'),
      content: t('guestPortals.delete.content', { name: portal.name }),
      confirmLabel: t('guestPortals.delete.confirm'),
    });
    if (!ok) return;
    change.mutate(
      { kind: 'delete', portalId: portal.id },
      {
        onSuccess: () => {
          showMessage({
            content: t('guestPortals.designer.deleted', { name: portal.name }),
            domain: 'guest-portals',
          });
          onDeleted();
        },
      },
    );
  };

  const upload = (image: PortalImageKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file || !portal) return;
    if (file.size > PORTAL_IMAGE_MAX_BYTES) {
      showMessage({
        content: t('guestPortals.image.tooLarge', { limit: PORTAL_IMAGE_MAX_LABEL }),
        variant: 'error',
      });
      return;
    }
    change.mutate(
      { kind: 'upload', portalId: portal.id, image, file },
      { onSuccess: (saved) => saved && onSaved(saved), onError: setError },
    );
  };
  const removeImage = (image: PortalImageKind) => {
    if (!portal) return;
    change.mutate(
      { kind: 'removeImage', portalId: portal.id, image },
      { onSuccess: (saved) => saved && onSaved(saved) },
    );
  };

  const imageControls = (image: PortalImageKind) => {
    const current = portal?.[image] ?? null;
    const label = t(image === 'logo' ? 'guestPortals.image.logo' : 'guestPortals.image.background');
    return (
      <Stack
        key={image}
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography variant="body2" sx={{ minWidth: 96, fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ flex: '1 1 80px', minWidth: 0, overflowWrap: 'anywhere' }}
        >
          {current ? current.name : t('guestPortals.image.none')}
        </Typography>
        <input ref={files[image]} type="file" accept={IMAGE_TYPES} hidden onChange={upload(image)} />
        <Button
          size="small"
          variant="outlined"
          disabled={!portal || change.isPending}
          onClick={() => files[image].current?.click()}
        >
          {t(image === 'logo' ? 'guestPortals.image.uploadLogo' : 'guestPortals.image.uploadBackground')}
        </Button>
        {current && (
          <Button size="small" color="error" disabled={change.isPending} onClick={() => removeImage(image)}>
            {t(image === 'logo' ? 'guestPortals.image.removeLogo' : 'guestPortals.image.removeBackground')}
          </Button>
        )}
      </Stack>
    );
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) minmax(0, 1fr)' },
      }}
    >
      <Stack
        spacing={2.5}
        component="form"
        aria-label={t('guestPortals.designer.label')}
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) save();
        }}
      >
        <TextField
          label={t('guestPortals.field.name')}
          value={draft.name}
          required
          onChange={(event) => set({ name: event.target.value })}
          error={Boolean(issue('/name'))}
          helperText={issue('/name')}
          slotProps={{ htmlInput: { maxLength: PORTAL_NAME_MAX_LENGTH } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <SiteSelect
              cloudId={cloudId}
              label={t('guestPortals.field.site')}
              value={draft.siteId}
              onChange={(id) => set({ siteId: id })}
            />
            {issue('/site_id') && <FormHelperText error>{issue('/site_id')}</FormHelperText>}
          </Box>
          <TextField
            label={t('guestPortals.field.ssid')}
            value={draft.ssid}
            onChange={(event) => set({ ssid: event.target.value })}
            error={Boolean(issue('/ssid'))}
            helperText={issue('/ssid') ?? t('guestPortals.field.ssidHelp')}
            slotProps={{ htmlInput: { maxLength: PORTAL_SSID_MAX_LENGTH } }}
            sx={{ flex: 1 }}
          />
        </Stack>

        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          <Typography component="legend" variant="h3" sx={{ mb: 1 }}>
            {t('guestPortals.section.look')}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
            }}
          >
            <ColourField
              label={t('guestPortals.field.primaryColor')}
              value={draft.primaryColor}
              onChange={(value) => set({ primaryColor: value })}
              error={issue('/primary_color')}
            />
            <ColourField
              label={t('guestPortals.field.backgroundColor')}
              value={draft.backgroundColor}
              onChange={(value) => set({ backgroundColor: value })}
              error={issue('/background_color')}
            />
            <ColourField
              label={t('guestPortals.field.textColor')}
              value={draft.textColor}
              onChange={(value) => set({ textColor: value })}
              error={issue('/text_color')}
            />
          </Box>
          {imageControls('logo')}
          {imageControls('background')}
          {!portal && (
            <Typography variant="body2" color="text.secondary">
              {t('guestPortals.image.saveFirst')}
            </Typography>
          )}
          {issue('/file') && <FormHelperText error>{issue('/file')}</FormHelperText>}
        </Box>

        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          <Typography component="legend" variant="h3" sx={{ mb: 1 }}>
            {t('guestPortals.section.texts')}
          </Typography>
          <TextField
            select
            size="small"
            label={t('guestPortals.field.language')}
            value={language}
            onChange={(event) => setLanguage(event.target.value as Locale)}
            sx={{ maxWidth: 280 }}
          >
            {LOCALES.map((locale) => (
              <MenuItem key={locale.code} value={locale.code} lang={locale.tag}>
                {locale.nativeName}
                {draft.texts[locale.code]?.welcome || draft.texts[locale.code]?.terms ? ' ✓' : ''}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('guestPortals.field.welcome')}
            value={texts.welcome}
            multiline
            minRows={2}
            onChange={(event) => setText('welcome', event.target.value)}
            slotProps={{
              htmlInput: {
                maxLength: PORTAL_WELCOME_MAX_LENGTH,
                lang: LOCALES.find((l) => l.code === language)?.tag,
              },
            }}
          />
          <TextField
            label={t('guestPortals.field.terms')}
            value={texts.terms}
            multiline
            minRows={3}
            maxRows={10}
            onChange={(event) => setText('terms', event.target.value)}
            slotProps={{
              htmlInput: {
                maxLength: PORTAL_TERMS_MAX_LENGTH,
                lang: LOCALES.find((l) => l.code === language)?.tag,
              },
            }}
          />
        </Box>

        <FormControl component="fieldset" error={draft.methods.length === 0 || Boolean(issue('/methods'))}>
          <FormLabel component="legend">{t('guestPortals.field.methods')}</FormLabel>
          <FormGroup row>
            {PORTAL_METHODS.map((method) => (
              <FormControlLabel
                key={method}
                control={
                  <Checkbox
                    checked={draft.methods.includes(method)}
                    onChange={(event) => toggleMethod(method, event.target.checked)}
                  />
                }
                label={t(METHOD_KEYS[method])}
              />
            ))}
          </FormGroup>
          {draft.methods.length === 0 && (
            <FormHelperText>{t('guestPortals.field.methodsRequired')}</FormHelperText>
          )}
        </FormControl>

        <TextField
          select
          label={t('guestPortals.field.freePlan')}
          value={draft.freePlanId ?? ''}
          onChange={(event) =>
            set({ freePlanId: event.target.value === '' ? null : Number(event.target.value) })
          }
          error={(needsPlan && draft.freePlanId === null) || Boolean(issue('/free_plan_id'))}
          helperText={issue('/free_plan_id') ?? t('guestPortals.field.freePlanHelp')}
        >
          <MenuItem value="">{t('guestPortals.field.noPlan')}</MenuItem>
          {(plans.data?.items ?? []).map((plan) => (
            <MenuItem key={plan.id} value={plan.id}>
              {plan.name}
            </MenuItem>
          ))}
        </TextField>

        <TextField
          label={t('guestPortals.field.walledGarden')}
          value={draft.walledGarden}
          multiline
          minRows={2}
          onChange={(event) => set({ walledGarden: event.target.value })}
          error={
            badHosts.length > 0 || gardenHosts.length > WALLED_GARDEN_MAX || Boolean(issue('/walled_garden'))
          }
          helperText={
            badHosts.length > 0
              ? t('guestPortals.field.walledGardenBad', { hosts: badHosts.join(', ') })
              : t('guestPortals.field.walledGardenHelp', { max: WALLED_GARDEN_MAX })
          }
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <TextField
          label={t('guestPortals.field.redirectUrl')}
          value={draft.redirectUrl}
          onChange={(event) => set({ redirectUrl: event.target.value })}
          error={!redirectValid || Boolean(issue('/redirect_url'))}
          helperText={
            redirectValid ? t('guestPortals.field.redirectHelp') : t('guestPortals.field.redirectBad')
          }
          slotProps={{
            htmlInput: { maxLength: PORTAL_REDIRECT_MAX_LENGTH, inputMode: 'url', spellCheck: false },
          }}
        />

        <Stack direction="row" spacing={1.5}>
          <Button type="submit" variant="contained" disabled={!ready || change.isPending}>
            {t('guestPortals.action.save')}
          </Button>
          {portal && (
            <Button
              color="error"
              variant="outlined"
              disabled={change.isPending}
              onClick={() => void remove()}
            >
              {t('guestPortals.action.delete')}
            </Button>
          )}
        </Stack>
      </Stack>

      <Box
        component="section"
        aria-label={t('guestPortals.preview.label')}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr)',
          gap: 1.5,
          alignContent: 'start',
          minWidth: 0,
        }}
      >
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Typography variant="h3" component="h2">
            {t('guestPortals.preview.title')}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={width}
            onChange={(_event, next: 'phone' | 'desktop' | null) => next && setWidth(next)}
            aria-label={t('guestPortals.preview.width')}
          >
            <ToggleButton value="phone">{t('guestPortals.preview.phone')}</ToggleButton>
            <ToggleButton value="desktop">{t('guestPortals.preview.desktop')}</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
        <Box
          data-testid="portal-preview"
          data-width={width}
          sx={{
            width: width === 'phone' ? 375 : '100%',
            maxWidth: '100%',
            height: width === 'phone' ? 667 : 560,
            justifySelf: 'center',
            overflow: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: width === 'phone' ? 3 : 1,
            // The preview shows, and sends nothing.
            '& form': { pointerEvents: 'none' },
          }}
        >
          <PortalView look={look} heading={false} />
        </Box>
      </Box>
    </Box>
  );
}
