// docs/vpc.md: /cloud/{cloudId}/vpc, a vpc cloud's brand (manage_vpc): its product name, images, colour,
// links, sign-in text and host name, with a live preview of the unsaved values.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BRAND_IMAGE_MAX_LABEL,
  BRAND_IMAGE_TYPES,
  BRAND_PRODUCT_NAME_MAX_LENGTH,
  BRAND_SIGN_IN_TEXT_MAX_LENGTH,
  BRAND_URL_MAX_LENGTH,
  type Brand,
  type BrandImageKind,
  COLOR_PATTERN,
  HOST_NAME_PATTERN,
  LINK_PATTERN,
} from '../../../../core/api/vpc.ts';
import { can } from '../../../../core/policy.ts';
import { fieldIssue } from '../../../platform/form-errors.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { Loading, NotAllowed, PageSection } from '../../../platform/page-section.tsx';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { useCloud } from '../../clouds/index.ts';
import { type BrandChange, useBrand, useBrandChange } from '../api/brand.ts';
import { BrandPreview } from '../components/brand-preview.tsx';

export function VpcPage() {
  const { t } = useTranslation();
  const { cloudId } = useRouteParams('cloudVpc');
  const cloud = useCloud(cloudId);
  const allowed =
    cloud.data !== undefined &&
    cloud.data.plan_type === 'vpc' &&
    can({ roleId: cloud.data.role_id, permissions: cloud.data.permissions }, 'manage_vpc');
  const brand = useBrand(cloudId, allowed);
  let content: ReactNode;
  if (cloud.isPending) content = <Loading label={t('vpc.page.loading')} />;
  else if (!cloud.data) content = <LoadFailed message={t('vpc.page.loadFailed')} onRetry={cloud.refetch} />;
  else if (!allowed) content = <NotAllowed />;
  else if (brand.isPending) content = <Loading label={t('vpc.page.loading')} />;
  else if (!brand.data) content = <LoadFailed message={t('vpc.page.loadFailed')} onRetry={brand.refetch} />;
  else content = <BrandForm key={brand.data.cloud_id} cloudId={cloudId} brand={brand.data} />;
  return <PageSection routeKey="cloudVpc">{content}</PageSection>;
}

/** An image chosen but not yet sent: a file to upload, or the saved one to remove. */
type PendingImage = { readonly file: File; readonly url: string } | 'remove' | null;

const COLOR = new RegExp(COLOR_PATTERN);
const LINK = new RegExp(LINK_PATTERN);
const HOST_NAME = new RegExp(HOST_NAME_PATTERN);
/** Empty, or what the pattern accepts. */
const emptyOr = (pattern: RegExp, value: string) => value.trim() === '' || pattern.test(value.trim());

function BrandForm({ cloudId, brand }: { readonly cloudId: number; readonly brand: Brand }) {
  const { t } = useTranslation();
  const change = useBrandChange(cloudId);
  const [productName, setProductName] = useState(brand.product_name);
  const [primaryColor, setPrimaryColor] = useState(brand.primary_color ?? '');
  const [supportUrl, setSupportUrl] = useState(brand.support_url ?? '');
  const [privacyUrl, setPrivacyUrl] = useState(brand.privacy_url ?? '');
  const [signInText, setSignInText] = useState(brand.sign_in_text ?? '');
  const [hostName, setHostName] = useState(brand.host_name ?? '');
  const [pending, setPending] = useState<Record<BrandImageKind, PendingImage>>({ logo: null, favicon: null });
  const [failedImage, setFailedImage] = useState<BrandImageKind | null>(null);
  const [attempted, setAttempted] = useState(false);

  // The chosen files' preview addresses are let go when they are replaced or the page closes.
  const urls = useRef<string[]>([]);
  const fileInputs = useRef<Record<BrandImageKind, HTMLInputElement | null>>({ logo: null, favicon: null });
  useEffect(
    () => () => {
      for (const url of urls.current) URL.revokeObjectURL(url);
    },
    [],
  );

  const colorValid = emptyOr(COLOR, primaryColor);
  const localProblems: Record<string, string | undefined> = {
    product_name: productName.trim() === '' ? t('vpc.form.productNameRequired') : undefined,
    primary_color: colorValid ? undefined : t('vpc.form.colorInvalid'),
    host_name: emptyOr(HOST_NAME, hostName) ? undefined : t('vpc.form.hostNameInvalid'),
    support_url: emptyOr(LINK, supportUrl) ? undefined : t('vpc.form.urlInvalid'),
    privacy_url: emptyOr(LINK, privacyUrl) ? undefined : t('vpc.form.urlInvalid'),
  };
  const localProblem = (field: string) => (attempted ? localProblems[field] : undefined);
  const problemOf = (field: string) =>
    localProblem(field) ??
    (failedImage === null ? fieldIssue(change.error, `/${field}`)?.message : undefined);

  const imageUrl = (kind: BrandImageKind) => {
    const chosen = pending[kind];
    if (chosen === 'remove') return null;
    return chosen?.url ?? brand[kind]?.url ?? null;
  };

  const choose = (kind: BrandImageKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const url = URL.createObjectURL(file);
    urls.current.push(url);
    setPending((current) => ({ ...current, [kind]: { file, url } }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // The first field with a problem takes the focus, so its reason is read and seen.
    const focusProblem = () =>
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    setAttempted(true);
    if (change.isPending) return;
    if (Object.values(localProblems).some((problem) => problem !== undefined)) {
      focusProblem();
      return;
    }
    const text = (value: string) => (value.trim() === '' ? null : value.trim());
    // The settings first: when they are refused, nothing changes, images included.
    const steps: { image: BrandImageKind | null; change: BrandChange }[] = [];
    steps.push({
      image: null,
      change: {
        kind: 'save',
        body: {
          product_name: productName.trim(),
          primary_color: text(primaryColor)?.toLowerCase() ?? null,
          support_url: text(supportUrl),
          privacy_url: text(privacyUrl),
          sign_in_text: text(signInText),
          host_name: text(hostName)?.toLowerCase() ?? null,
        },
      },
    });
    for (const kind of ['logo', 'favicon'] as const) {
      const chosen = pending[kind];
      if (chosen === 'remove') steps.push({ image: kind, change: { kind: 'remove', image: kind } });
      else if (chosen)
        steps.push({ image: kind, change: { kind: 'upload', image: kind, file: chosen.file } });
    }
    let saved: Brand | null = null;
    for (const step of steps) {
      setFailedImage(step.image);
      saved = await change.mutateAsync(step.change).catch(() => null);
      if (!saved) {
        focusProblem();
        return;
      }
      if (step.image) setPending((current) => ({ ...current, [step.image as BrandImageKind]: null }));
    }
    setFailedImage(null);
    // The form shows what was kept, as the server wrote it (a host name in lower case).
    if (saved) {
      setProductName(saved.product_name);
      setPrimaryColor(saved.primary_color ?? '');
      setSupportUrl(saved.support_url ?? '');
      setPrivacyUrl(saved.privacy_url ?? '');
      setSignInText(saved.sign_in_text ?? '');
      setHostName(saved.host_name ?? '');
    }
    showMessage({ content: t('vpc.form.saved') });
  };

  const imageField = (kind: BrandImageKind) => {
    const label = t(kind === 'logo' ? 'vpc.form.logo' : 'vpc.form.favicon');
    const url = imageUrl(kind);
    const error = failedImage === kind ? fieldIssue(change.error, '/file')?.message : undefined;
    return (
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Typography component="p" variant="subtitle2">
          {label}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Box
            sx={{
              width: 56,
              height: 56,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              display: 'grid',
              placeItems: 'center',
              overflow: 'hidden',
            }}
          >
            {url ? (
              <Box component="img" src={url} alt={label} sx={{ maxWidth: 48, maxHeight: 48 }} />
            ) : (
              <Typography variant="caption" color="text.secondary">
                {t('vpc.form.noImage')}
              </Typography>
            )}
          </Box>
          <Button variant="outlined" size="small" onClick={() => fileInputs.current[kind]?.click()}>
            {t(kind === 'logo' ? 'vpc.form.chooseLogo' : 'vpc.form.chooseFavicon')}
          </Button>
          <input
            ref={(input) => {
              fileInputs.current[kind] = input;
            }}
            type="file"
            hidden
            accept={BRAND_IMAGE_TYPES[kind].join(',')}
            onChange={choose(kind)}
          />
          {url && (
            <Button
              size="small"
              onClick={() => setPending((current) => ({ ...current, [kind]: brand[kind] ? 'remove' : null }))}
            >
              {t(kind === 'logo' ? 'vpc.form.removeLogo' : 'vpc.form.removeFavicon')}
            </Button>
          )}
        </Box>
        <Typography
          variant="caption"
          color={error ? 'error' : 'text.secondary'}
          role={error ? 'alert' : undefined}
        >
          {error ??
            t(kind === 'logo' ? 'vpc.form.logoHint' : 'vpc.form.faviconHint', {
              size: BRAND_IMAGE_MAX_LABEL[kind],
            })}
        </Typography>
      </Box>
    );
  };

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {!brand.saved && (
            <Alert severity="info" role="note">
              {t('vpc.form.notSaved', { name: brand.default_product_name })}
            </Alert>
          )}
          <TextField
            label={t('vpc.form.productName')}
            value={productName}
            required
            onChange={(event) => setProductName(event.target.value)}
            error={problemOf('product_name') !== undefined}
            helperText={problemOf('product_name')}
            slotProps={{ htmlInput: { maxLength: BRAND_PRODUCT_NAME_MAX_LENGTH } }}
          />
          <TextField
            label={t('vpc.form.hostName')}
            value={hostName}
            onChange={(event) => setHostName(event.target.value)}
            error={problemOf('host_name') !== undefined}
            helperText={problemOf('host_name') ?? t('vpc.form.hostNameHint')}
            slotProps={{ htmlInput: { maxLength: 253, spellCheck: false, autoCapitalize: 'none' } }}
          />
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              label={t('vpc.form.primaryColor')}
              value={primaryColor}
              placeholder="#1565c0"
              onChange={(event) => setPrimaryColor(event.target.value.trim())}
              error={problemOf('primary_color') !== undefined}
              helperText={problemOf('primary_color') ?? t('vpc.form.primaryColorHint')}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
            />
            <Box
              component="input"
              type="color"
              aria-label={t('vpc.form.pickColor')}
              value={colorValid && primaryColor !== '' ? primaryColor : '#1565c0'}
              onChange={(event: ChangeEvent<HTMLInputElement>) => setPrimaryColor(event.target.value)}
              sx={{
                width: 56,
                height: 56,
                p: 0.5,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: 'background.paper',
              }}
            />
          </Box>
          <TextField
            label={t('vpc.form.supportUrl')}
            value={supportUrl}
            type="url"
            onChange={(event) => setSupportUrl(event.target.value)}
            error={problemOf('support_url') !== undefined}
            helperText={problemOf('support_url') ?? t('vpc.form.urlHint')}
            slotProps={{ htmlInput: { maxLength: BRAND_URL_MAX_LENGTH } }}
          />
          <TextField
            label={t('vpc.form.privacyUrl')}
            value={privacyUrl}
            type="url"
            onChange={(event) => setPrivacyUrl(event.target.value)}
            error={problemOf('privacy_url') !== undefined}
            helperText={problemOf('privacy_url') ?? t('vpc.form.urlHint')}
            slotProps={{ htmlInput: { maxLength: BRAND_URL_MAX_LENGTH } }}
          />
          <TextField
            label={t('vpc.form.signInText')}
            value={signInText}
            multiline
            minRows={2}
            onChange={(event) => setSignInText(event.target.value)}
            error={problemOf('sign_in_text') !== undefined}
            helperText={problemOf('sign_in_text') ?? t('vpc.form.signInTextHint')}
            slotProps={{ htmlInput: { maxLength: BRAND_SIGN_IN_TEXT_MAX_LENGTH } }}
          />
          {imageField('logo')}
          {imageField('favicon')}
        </Box>
        <Box sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" disabled={change.isPending}>
            {t('vpc.form.submit')}
          </Button>
        </Box>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <BrandPreview
          values={{
            productName,
            primaryColor: COLOR.test(primaryColor) ? primaryColor : null,
            signInText,
            logoUrl: imageUrl('logo'),
          }}
        />
      </Paper>
    </Box>
  );
}
