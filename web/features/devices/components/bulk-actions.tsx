// What the device list does to many devices at once: the devices chosen on its pages, or all that match its
// filter (resolved on the server). Each action counts the devices first (a dry run that also checks the
// caller may act on every one), then asks for confirmation stating how many, then acts on exactly those.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkResult, DeviceSelection } from '../../../../core/api/device-bulk.ts';
import type { DeviceAction } from '../../../../core/policy.ts';
import { isApiError } from '../../../platform/api-error.ts';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { type BulkAction, type BulkOptions, useBulkDevices } from '../api/bulk-devices.ts';
import { BulkFirmwareDialog } from './bulk-firmware-dialog.tsx';
import { BulkMoveDialog } from './bulk-move-dialog.tsx';

const ORDER: readonly BulkAction[] = ['reboot', 'firmware', 'move', 'decommission', 'delete'];

const TEXTS = {
  reboot: {
    action: 'devices.bulkReboot.action',
    title: 'devices.bulkReboot.title',
    content: 'devices.bulkReboot.content',
    confirm: 'devices.bulkReboot.confirm',
    done: 'devices.bulkReboot.done',
  },
  firmware: {
    action: 'devices.bulkFirmware.action',
    title: 'devices.bulkFirmware.title',
    content: 'devices.bulkFirmware.content',
    confirm: 'devices.bulkFirmware.confirm',
    done: 'devices.bulkFirmware.done',
  },
  move: {
    action: 'devices.bulkMove.action',
    title: 'devices.bulkMove.title',
    content: 'devices.bulkMove.content',
    confirm: 'devices.bulkMove.confirm',
    done: 'devices.bulkMove.done',
  },
  decommission: {
    action: 'devices.bulkDecommission.action',
    title: 'devices.bulkDecommission.title',
    content: 'devices.bulkDecommission.content',
    confirm: 'devices.bulkDecommission.confirm',
    done: 'devices.bulkDecommission.done',
  },
  delete: {
    action: 'devices.bulkDelete.action',
    title: 'devices.bulkDelete.title',
    content: 'devices.bulkDelete.content',
    confirm: 'devices.bulkDelete.confirm',
    done: 'devices.bulkDelete.done',
  },
} as const satisfies Record<BulkAction, Record<string, string>>;

export interface BulkActionsProps {
  readonly cloudId: number;
  /** The actions the caller may take on the list's devices. */
  readonly allowed: readonly DeviceAction[];
  readonly selection: DeviceSelection;
  /** How many the page knows are chosen; the server counts "all that match" exactly. */
  readonly summary: string;
  /** A model of the chosen devices when they are all of one family, for the firmware versions. */
  readonly oneFamilyModel: number | null;
  readonly onDone: () => void;
  readonly onClear: () => void;
  /** "Select all N that match", when more match than are chosen. */
  readonly selectAll?: { readonly label: string; readonly onClick: () => void };
}

export function BulkActions(props: BulkActionsProps) {
  const { t } = useTranslation();
  const { cloudId, selection } = props;
  const bulk = useBulkDevices(cloudId);
  const [asking, setAsking] = useState<'firmware' | 'move' | null>(null);
  const failed = (error: unknown) => {
    const status = isApiError(error) ? error.status : null;
    const key =
      status === 403
        ? 'devices.bulk.forbidden'
        : status === 404
          ? 'devices.bulk.gone'
          : status === 409
            ? 'devices.bulk.changed'
            : status === 400
              ? 'devices.bulk.none'
              : 'devices.bulk.failed';
    showMessage({ variant: 'error', content: t(key) });
  };
  const done = (action: BulkAction, result: BulkResult) => {
    const count = result.count;
    const said = t(TEXTS[action].done, { count });
    const skipped = result.skipped > 0 ? ` ${t('devices.bulk.skipped', { count: result.skipped })}` : '';
    showMessage({ content: `${said}${skipped}` });
    props.onDone();
  };

  const run = async (action: BulkAction, options: BulkOptions) => {
    setAsking(null);
    let preview: BulkResult;
    try {
      preview = await bulk.mutateAsync({ action, selection, options, dryRun: true });
    } catch (error) {
      failed(error);
      return;
    }
    const count = preview.count;
    const confirmed = await confirmDialog({
      title: t(TEXTS[action].title, { count }),
      content: t(TEXTS[action].content, { count }),
      confirmLabel: t(TEXTS[action].confirm),
    });
    if (!confirmed) return;
    try {
      done(action, await bulk.mutateAsync({ action, selection, options, expectedCount: count }));
    } catch (error) {
      failed(error);
    }
  };

  const start = (action: BulkAction) => {
    if (action === 'firmware' || action === 'move') setAsking(action);
    else void run(action, {});
  };

  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label={t('devices.bulk.label')}
      sx={{ p: 1, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
    >
      <Typography role="status" sx={{ px: 1 }}>
        {props.summary}
      </Typography>
      {props.selectAll && <Button onClick={props.selectAll.onClick}>{props.selectAll.label}</Button>}
      <Button onClick={props.onClear}>{t('devices.bulk.clear')}</Button>
      <Box sx={{ flexGrow: 1 }} />
      {ORDER.filter((action) => props.allowed.includes(action)).map((action) => (
        <Button
          key={action}
          variant="outlined"
          color={action === 'delete' || action === 'decommission' ? 'error' : 'primary'}
          disabled={bulk.isPending}
          onClick={() => start(action)}
        >
          {t(TEXTS[action].action)}
        </Button>
      ))}
      {asking === 'firmware' && (
        <BulkFirmwareDialog
          cloudId={cloudId}
          productBrandId={props.oneFamilyModel}
          onCancel={() => setAsking(null)}
          onSubmit={(firmware) => void run('firmware', { firmware })}
        />
      )}
      {asking === 'move' && (
        <BulkMoveDialog
          cloudId={cloudId}
          onCancel={() => setAsking(null)}
          onSubmit={(siteId) => void run('move', { site_id: siteId })}
        />
      )}
    </Paper>
  );
}
