// What the caller may do to the device or recorder: rename it, reset its credential, and as tasks reboot it,
// update its firmware, ping or traceroute from it. Only what the server says is allowed is offered; it
// refuses the rest.
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import KeyOffIcon from '@mui/icons-material/KeyOff';
import NetworkPingIcon from '@mui/icons-material/NetworkPing';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import RouteIcon from '@mui/icons-material/Route';
import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateTaskBody } from '../../../../core/api/tasks.ts';
import type { TaskType } from '../../../../core/domain.ts';
import { DEVICE_NAME_MAX_LENGTH } from '../../../../core/limits.ts';
import { confirmDialog, promptDialog } from '../../../platform/dialogs/dialog-store.ts';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useCreateTask } from '../../tasks/api/create-task.ts';
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
};

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
  const { rename, resetCredential } = subject;
  if (!canReboot && !canUpdate && !canTroubleshoot && !rename && !resetCredential) return null;

  /** Starts the task; a failure is shown by the console's error policy and leaves the dialog open. */
  const start = (body: Omit<CreateTaskBody, 'targets'>, started: string) =>
    createTask.mutate(
      { ...body, targets: subject.targets },
      {
        onSuccess: () => {
          setOpen(null);
          void queryClient.invalidateQueries({ queryKey: ['activity', 'tasks', cloudId] });
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

  /** The SPEC §5 prompt, starting from the device's name. */
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
      {canReboot && (
        <Button variant="outlined" startIcon={<RestartAltIcon />} onClick={() => void reboot()}>
          {t('devices.reboot.action')}
        </Button>
      )}
      {canUpdate && (
        <Button
          variant="outlined"
          startIcon={<SystemUpdateAltIcon />}
          onClick={() => setOpen({ kind: 'firmware' })}
        >
          {t('deviceDashboard.firmware.action')}
        </Button>
      )}
      {canTroubleshoot && (
        <>
          <Button
            variant="outlined"
            startIcon={<NetworkPingIcon />}
            onClick={() => setOpen({ kind: 'troubleshoot', tool: 'ping' })}
          >
            {t('deviceDashboard.troubleshoot.ping')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<RouteIcon />}
            onClick={() => setOpen({ kind: 'troubleshoot', tool: 'traceroute' })}
          >
            {t('deviceDashboard.troubleshoot.traceroute')}
          </Button>
        </>
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
