// docs/navigation.md#device-menu Device Configuration (/site/{siteId}/device/{deviceId}/config): the device's
// effective document, each field marked as the site's or the device's own, overrides reverted one by one;
// inheritance, suspension, drift, its draft applied or discarded, its own variables and its own revisions.
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { DeviceConfig, SaveDeviceConfigBody } from '../../../../core/api/config.ts';
import type { ConfigType } from '../../../../core/config/document.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
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
import { DeviceDocumentForm } from '../components/device-document-form.tsx';
import { DriftCard } from '../components/drift-card.tsx';
import { RevisionHistory } from '../components/revision-history.tsx';
import { VariablesEditor } from '../components/variables-editor.tsx';

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
  const discard = async () => {
    const confirmed = await confirmDialog({
      title: t('config.device.discardTitle'),
      content: t('config.device.discardContent'),
      confirmLabel: t('config.device.discard'),
    });
    if (confirmed) await put({ discard: true }, t('config.device.discarded'));
  };

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
        onDiscard={() => void discard()}
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
      <VariablesEditor
        key={JSON.stringify(config.variables)}
        variables={config.variables}
        canChange={config.can_change}
        help={t('config.variables.deviceHelp')}
        saved={t('config.variables.deviceSaved')}
        saving={busy}
        onSave={(variables) => save.mutateAsync({ variables })}
      />
      <RevisionHistory
        cloudId={cloudId}
        owner={{ kind: 'device', id: deviceId }}
        canChange={config.can_change}
      />
    </>
  );
}
