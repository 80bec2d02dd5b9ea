// What the caller may do to the device or recorder: rename it, reset its credential, open its own web page
// through a tunnel, and as tasks reboot it, update its firmware, ping or traceroute from it. Only what the
// server says is allowed is offered; it refuses the rest.
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import KeyOffIcon from '@mui/icons-material/KeyOff';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import NetworkPingIcon from '@mui/icons-material/NetworkPing';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import RouteIcon from '@mui/icons-material/Route';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateTaskBody } from '../../../../core/api/tasks.ts';
import type { TaskType } from '../../../../core/domain.ts';
import { DEVICE_NAME_MAX_LENGTH } from '../../../../core/limits.ts';
import { confirmDialog, promptDialog } from '../../../platform/dialogs/dialog-store.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { activityKeys } from '../../activity/index.ts';
import { useCreateTask } from '../../tasks/index.ts';
import { RemoteAccessButton, type TunnelTarget } from '../../tunnels/index.ts';
import { FirmwareDialog } from './firmware-dialog.tsx';
import {
  TroubleshootDialog,
  type TroubleshootParams,
  type TroubleshootTool,
} from './troubleshoot-dialog.tsx';

export type ActionSubject = {
  readonly name: string;
  /** Whom the task acts on: this device or this recorder. */
  readonly targets: CreateTaskBody['targets'];
  readonly productBrandId: number;
  readonly fw: string;
  readonly allowedTasks: readonly TaskType[];
  readonly recorder: boolean;
  /**
   * Renames the device, calling `done` once it is renamed (a failure is shown by the console's error
   * policy); absent when the caller may not.
   */
  readonly rename?: (name: string, done: () => void) => void;
  /**
   * Revokes its credential so that it can be adopted again, calling `done` once it is revoked; absent when
   * it holds none or the caller may not.
   */
  readonly resetCredential?: (done: () => void) => void;
  /** Why the device takes no task now (blocked, decommissioned): its task actions say so, disabled. */
  readonly tasksRefused?: string | null;
  /** Brings a blocked or decommissioned device back, calling `done` once it is; absent when the caller may not. */
  readonly restore?: {
    readonly change: 'unblock' | 'recommission';
    readonly run: (done: () => void) => void;
  };
  /**
   * Its own web page through a tunnel (docs/remote-access.md), with why it cannot be opened now (offline);
   * absent when the caller may not.
   */
  readonly remoteAccess?: { readonly target: TunnelTarget; readonly refused: string | null };
};

const RESTORE_KEYS = {
  unblock: {
    action: 'deviceDashboard.unblock.action',
    title: 'deviceDashboard.unblock.title',
    content: 'deviceDashboard.unblock.content',
    done: 'deviceDashboard.unblock.done',
  },
  recommission: {
    action: 'deviceDashboard.recommission.action',
    title: 'deviceDashboard.recommission.title',
    content: 'deviceDashboard.recommission.content',
    done: 'deviceDashboard.recommission.done',
  },
} as const;

/** A task action: disabled with the reason as its tooltip when the device takes no task. */
function TaskButton({
  refused,
  ...props
}: { readonly refused: string | null } & ComponentProps<typeof Button>) {
  if (!refused) return <Button variant="outlined" {...props} />;
  return (
    <Tooltip title={refused}>
      {/* A disabled button takes no pointer events: the span carries its tooltip. */}
      <span>
        <Button variant="outlined" {...props} disabled aria-description={refused} />
      </span>
    </Tooltip>
  );
}

type Open = { kind: 'firmware' } | { kind: 'troubleshoot'; tool: TroubleshootTool } | null;

export function ObjectActions({
  cloudId,
  subject,
}: {
  readonly cloudId: number;
  readonly subject: ActionSubject;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const createTask = useCreateTask(cloudId);
  const [open, setOpen] = useState<Open>(null);
  const { name, allowedTasks } = subject;
  const canReboot = allowedTasks.includes('TASK_REBOOT');
  const canUpdate = allowedTasks.includes('TASK_FW_UPDATE');
  const canTroubleshoot = allowedTasks.includes('TASK_TROUBLESHOOT');
  const { rename, resetCredential, restore, remoteAccess } = subject;
  const refused = subject.tasksRefused ?? null;
  if (
    !canReboot &&
    !canUpdate &&
    !canTroubleshoot &&
    !rename &&
    !resetCredential &&
    !restore &&
    !remoteAccess
  )
    return null;

  /** Starts the task; a failure is shown by the console's error policy and leaves the dialog open. */
  const start = (body: Omit<CreateTaskBody, 'targets'>, started: string) =>
    createTask.mutate(
      { ...body, targets: subject.targets },
      {
        onSuccess: () => {
          setOpen(null);
          void queryClient.invalidateQueries({ queryKey: activityKeys.tasks(cloudId) });
          showMessage({ content: started });
        },
      },
    );

  const reboot = async () => {
    const confirmed = await confirmDialog({
      title: t('devices.reboot.title', { name }),
      content: subject.recorder ? t('deviceDashboard.reboot.recorderContent') : t('devices.reboot.content'),
      confirmLabel: t('devices.reboot.confirm'),
    });
    if (confirmed) start({ type: 'TASK_REBOOT', params: {} }, t('devices.reboot.started', { name }));
  };

  /** The docs/validation.md prompt, starting from the device's name. */
  const askName = async (submit: NonNullable<ActionSubject['rename']>) => {
    const next = await promptDialog({
      title: t('deviceDashboard.rename.title', { name }),
      label: t('deviceDashboard.rename.name'),
      initialValue: name,
      submitLabel: t('deviceDashboard.rename.submit'),
      validate: (value) => value.trim().length <= DEVICE_NAME_MAX_LENGTH,
    });
    if (next === null) return;
    const renamed = next.trim();
    submit(renamed, () => showMessage({ content: t('deviceDashboard.rename.done', { name: renamed }) }));
  };

  const confirmReset = async (submit: NonNullable<ActionSubject['resetCredential']>) => {
    const confirmed = await confirmDialog({
      title: t('deviceDashboard.resetCredential.title', { name }),
      content: t('deviceDashboard.resetCredential.content'),
      confirmLabel: t('deviceDashboard.resetCredential.confirm'),
    });
    if (confirmed)
      submit(() => showMessage({ content: t('deviceDashboard.resetCredential.done', { name }) }));
  };

  const confirmRestore = async ({ change, run }: NonNullable<ActionSubject['restore']>) => {
    const keys = RESTORE_KEYS[change];
    const confirmed = await confirmDialog({
      title: t(keys.title, { name }),
      content: t(keys.content),
      confirmLabel: t(keys.action),
    });
    if (confirmed) run(() => showMessage({ content: t(keys.done, { name }) }));
  };

  const troubleshoot = (params: TroubleshootParams) =>
    start(
      { type: 'TASK_TROUBLESHOOT', params },
      params.tool === 'ping'
        ? t('deviceDashboard.troubleshoot.pingStarted', { name, host: params.host })
        : t('deviceDashboard.troubleshoot.tracerouteStarted', { name, host: params.host }),
    );

  return (
    <Box
      role="group"
      aria-label={t('deviceDashboard.actions.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {rename && (
        <Button
          variant="outlined"
          startIcon={<DriveFileRenameOutlineIcon />}
          onClick={() => void askName(rename)}
        >
          {t('deviceDashboard.rename.action')}
        </Button>
      )}
      {restore && (
        <Button
          variant="contained"
          startIcon={restore.change === 'unblock' ? <LockOpenIcon /> : <UndoIcon />}
          onClick={() => void confirmRestore(restore)}
        >
          {t(RESTORE_KEYS[restore.change].action)}
        </Button>
      )}
      {canReboot && (
        <TaskButton refused={refused} startIcon={<RestartAltIcon />} onClick={() => void reboot()}>
          {t('devices.reboot.action')}
        </TaskButton>
      )}
      {canUpdate && (
        <TaskButton
          refused={refused}
          startIcon={<SystemUpdateAltIcon />}
          onClick={() => setOpen({ kind: 'firmware' })}
        >
          {t('deviceDashboard.firmware.action')}
        </TaskButton>
      )}
      {canTroubleshoot && (
        <>
          <TaskButton
            refused={refused}
            startIcon={<NetworkPingIcon />}
            onClick={() => setOpen({ kind: 'troubleshoot', tool: 'ping' })}
          >
            {t('deviceDashboard.troubleshoot.ping')}
          </TaskButton>
          <TaskButton
            refused={refused}
            startIcon={<RouteIcon />}
            onClick={() => setOpen({ kind: 'troubleshoot', tool: 'traceroute' })}
          >
            {t('deviceDashboard.troubleshoot.traceroute')}
          </TaskButton>
        </>
      )}
      {remoteAccess && (
        <RemoteAccessButton
          cloudId={cloudId}
          target={remoteAccess.target}
          refused={refused ?? remoteAccess.refused}
        />
      )}
      {resetCredential && (
        <Button
          variant="outlined"
          startIcon={<KeyOffIcon />}
          onClick={() => void confirmReset(resetCredential)}
        >
          {t('deviceDashboard.resetCredential.action')}
        </Button>
      )}
      {open?.kind === 'firmware' && (
        <FirmwareDialog
          cloudId={cloudId}
          name={name}
          productBrandId={subject.productBrandId}
          current={subject.fw}
          busy={createTask.isPending}
          onCancel={() => setOpen(null)}
          onSubmit={(version) =>
            start(
              { type: 'TASK_FW_UPDATE', params: { version } },
              t('deviceDashboard.firmware.started', { name, version }),
            )
          }
        />
      )}
      {open?.kind === 'troubleshoot' && (
        <TroubleshootDialog
          tool={open.tool}
          name={name}
          busy={createTask.isPending}
          onCancel={() => setOpen(null)}
          onSubmit={troubleshoot}
        />
      )}
    </Box>
  );
}
