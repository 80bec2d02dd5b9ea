// docs/navigation.md#device-menu Device Configuration (/site/{siteId}/device/{deviceId}/config): the device's
// effective document, each field marked as the site's or the device's own, overrides reverted one by one;
// inheritance, suspension, drift and the apply.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { DeviceConfig, SaveDeviceConfigBody } from '../../../../core/api/config.ts';
import type { ConfigType } from '../../../../core/config/document.ts';
import { validateConfig } from '../../../../core/config/rules.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { Loading, PageSection } from '../../../platform/page-section.tsx';
import { useRouteParams } from '../../../platform/use-route-match.ts';
import { usePageObjects } from '../../navigation/index.ts';
import { useApplyDeviceConfig } from '../api/apply-device-config.ts';
import { useDeviceConfig } from '../api/get-device-config.ts';
import { useSaveDeviceConfig } from '../api/save-device-config.ts';
import { useSyncDeviceConfig } from '../api/sync-device-config.ts';
import { DeviceConfigState } from '../components/device-config-state.tsx';
import { type ConfigDocumentValue, DocumentEditor } from '../components/document-editor.tsx';
import { DriftCard } from '../components/drift-card.tsx';
import { OriginNote, originAt } from '../components/origin-note.tsx';
import { DEVICE_ISSUE_PREFIX, documentProblems, problemTexts } from '../components/problems.ts';

type SavedDocument = NonNullable<SaveDeviceConfigBody['document']>;

export function DeviceConfigPage() {
  const { t } = useTranslation();
  const { deviceId } = useRouteParams('deviceConfig');
  const objects = usePageObjects(useLocation().pathname);
  const cloudId = objects.cloudId;
  const result = useDeviceConfig(cloudId, deviceId);
  const data = result.data;
  let content: React.ReactNode;
  if (objects.error !== null || (result.isError && !data)) {
    content = <LoadFailed message={t('config.device.loadFailed')} onRetry={() => result.refetch()} />;
  } else if (!data || cloudId === null) {
    content = <Loading label={t('config.device.loading')} />;
  } else if (data.config_type === null || data.effective === null) {
    content = <Alert severity="info">{t('config.device.noType')}</Alert>;
  } else {
    content = (
      <DeviceConfigView cloudId={cloudId} deviceId={deviceId} config={data} type={data.config_type} />
    );
  }
  return <PageSection routeKey="deviceConfig">{content}</PageSection>;
}

function DeviceConfigView({
  cloudId,
  deviceId,
  config,
  type,
}: {
  readonly cloudId: number;
  readonly deviceId: number;
  readonly config: DeviceConfig;
  readonly type: ConfigType;
}) {
  const { t } = useTranslation();
  const save = useSaveDeviceConfig(cloudId, deviceId);
  const sync = useSyncDeviceConfig(cloudId, deviceId);
  const apply = useApplyDeviceConfig(cloudId, deviceId);
  const busy = save.isPending || sync.isPending || apply.isPending;

  /** Runs a change, then says it is done; a failure is said by the app's error policy. */
  const run = async (change: () => Promise<unknown>, done: string) => {
    try {
      await change();
    } catch {
      return;
    }
    showMessage({ content: done });
  };
  const put = (body: SaveDeviceConfigBody, done: string) => run(() => save.mutateAsync(body), done);

  return (
    <>
      {!config.can_change && <Alert severity="info">{t('config.device.readOnly')}</Alert>}
      {!config.can_view_secrets && <Alert severity="info">{t('config.site.secretsMasked')}</Alert>}
      <DeviceConfigState
        config={config}
        busy={busy}
        onResume={() => void put({ suspend_config: false }, t('config.device.resumed'))}
        onInherit={(inherit) =>
          void put({ inherit }, inherit ? t('config.device.inherited') : t('config.device.standalone'))
        }
        onApply={() => void run(() => apply.mutateAsync({}), t('config.device.applied'))}
      />
      {config.drift && (
        <DriftCard
          drift={config.drift}
          canChange={config.can_change}
          busy={busy}
          onKeep={(keep) =>
            void run(
              () => sync.mutateAsync({ keep }),
              keep === 'console' ? t('config.drift.keptConsole') : t('config.drift.tookDevice'),
            )
          }
        />
      )}
      <DeviceDocumentForm
        // The server's answer (a save, a revert) starts the form again from it.
        key={JSON.stringify([config.effective, config.origins])}
        type={type}
        config={config}
        busy={busy}
        onRevert={(path) => void put({ revert: [path] }, t('config.origin.reverted'))}
        // The form sends only a document its kind's schema and rules accept (validateConfig).
        onSave={(document) => save.mutateAsync({ document: document as SavedDocument })}
      />
    </>
  );
}

function DeviceDocumentForm({
  type,
  config,
  busy,
  onRevert,
  onSave,
}: {
  readonly type: ConfigType;
  readonly config: DeviceConfig;
  readonly busy: boolean;
  readonly onRevert: (path: string) => void;
  readonly onSave: (document: ConfigDocumentValue) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [initial] = useState<ConfigDocumentValue>(() => config.effective ?? {});
  const [document, setDocument] = useState(initial);
  const [refused, setRefused] = useState<unknown>(null);
  const [attempted, setAttempted] = useState(false);
  const problems = useMemo(
    () => documentProblems(validateConfig(type, document), config.problems, document === initial),
    [type, document, initial, config.problems],
  );
  const texts = problemTexts(t, problems, refused, DEVICE_ISSUE_PREFIX);
  const canRevert = config.can_change && config.inherit;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (problems.length > 0) return;
    setRefused(null);
    try {
      await onSave(document);
      showMessage({ content: t('config.device.saved') });
    } catch (error) {
      // A 400 shows at its fields; the app's error policy reports any other failure.
      setRefused(error);
    }
  };

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Typography id={headingId} variant="h2">
        {t('config.device.documentTitle')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-labelledby={headingId}
        sx={{ display: 'grid', gap: 2 }}
      >
        <DocumentEditor
          type={type}
          document={document}
          onChange={setDocument}
          texts={texts}
          disabled={!config.can_change}
          // Unfolded where the device overrides something in it, so no override is out of sight.
          generalOpen={
            config.inherit &&
            Object.entries(config.origins).some(
              ([path, origin]) => origin === 'device' && path.startsWith('general_locale/'),
            )
          }
          decorate={
            config.inherit
              ? (path, label) => {
                  const found = originAt(config.origins, path);
                  if (!found) return null;
                  return (
                    <OriginNote
                      origin={found.origin}
                      label={label}
                      onRevert={canRevert && !busy ? () => onRevert(found.path) : undefined}
                    />
                  );
                }
              : undefined
          }
        />
        {attempted && problems.length > 0 && (
          <Alert severity="error">{t('config.site.fixProblems', { count: problems.length })}</Alert>
        )}
        {config.can_change && (
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('config.device.save')}
            </Button>
          </Box>
        )}
      </Box>
    </Paper>
  );
}
