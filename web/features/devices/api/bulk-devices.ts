// POST /apiv2/cloud/:cloudId/devices/bulk/:action: an action on the devices chosen one by one or on all
// that match the list's filter, resolved on the server. The page says itself what a refusal means.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkFirmwareBody, BulkResult, DeviceSelection } from '../../../../core/api/device-bulk.ts';
import { apiPost } from '../../../platform/http.ts';
import { activityKeys } from '../../activity/index.ts';
import { dashboardsKeys } from '../../dashboards/index.ts';
import { sitesKeys } from '../../sites/index.ts';
import { tasksKeys } from '../../tasks/index.ts';
import { devicesKeys } from './keys.ts';

export type BulkAction = 'reboot' | 'firmware' | 'move' | 'decommission' | 'delete';

/** What an action needs besides the devices: the firmware and its rollout, or the new site. */
export type BulkOptions =
  | { readonly firmware: Pick<BulkFirmwareBody, 'version' | 'rolling'> }
  | { readonly site_id: number }
  | Record<string, never>;

export type BulkRequest = {
  readonly action: BulkAction;
  readonly selection: DeviceSelection;
  readonly options: BulkOptions;
  readonly dryRun?: boolean;
  readonly expectedCount?: number;
};

export function bulkDevices(cloudId: number, request: BulkRequest): Promise<BulkResult> {
  const { action, selection, options, dryRun, expectedCount } = request;
  const extra = 'firmware' in options ? options.firmware : options;
  return apiPost<BulkResult>(`/apiv2/cloud/${cloudId}/devices/bulk/${action}`, {
    selection,
    ...extra,
    dry_run: dryRun,
    expected_count: expectedCount,
  });
}

/** Afterwards the devices' pages, the dashboards' and sites' counts and the task tracker are read again. */
export function useBulkDevices(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BulkRequest) => bulkDevices(cloudId, request),
    meta: { errorPolicy: 'local' },
    onSuccess: (_result, request) => {
      if (request.dryRun) return;
      const changed = [
        devicesKeys.all(cloudId),
        dashboardsKeys.all(cloudId),
        sitesKeys.lists(cloudId),
        tasksKeys.all(cloudId),
        activityKeys.tasks(cloudId),
      ];
      for (const queryKey of changed) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
