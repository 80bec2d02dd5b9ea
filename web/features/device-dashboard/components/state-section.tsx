// Whether the device or recorder is online, its health with the alert that explains it, and how its system
// is doing by the latest heartbeat: load, temperature, power, clock and configuration.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DeviceDetail, DeviceReport } from '../../../../core/api/devices.ts';
import type { HealthId, StatusId } from '../../../../core/domain.ts';
import { deviceStatus } from '../../../platform/device-status.ts';
import { StatusDot } from '../../../platform/status-dot.tsx';
import { formatPercent, formatTemperature, formatWatts } from '../../../platform/units.ts';
import { type UnitContextWithZone, useFormatDateTime, useUnitContext } from '../../account/index.ts';
import { AlertTime, alertDescription, alertTitle, HealthLabel } from '../../alerts/index.ts';
import { type DashboardScope, useHealthReason } from '../api/get-open-alerts.ts';
import { DashboardSection } from './dashboard-section.tsx';
import { type Fact, FactsList } from './facts-list.tsx';

export type ObjectState = {
  readonly online: boolean;
  readonly statusId: StatusId;
  readonly blocked: boolean;
  readonly decomm?: boolean;
  /** Who blocked or decommissioned it and when, by the change log. */
  readonly stateChanged?: DeviceDetail['state_changed'];
  readonly health: HealthId;
  readonly report: DeviceReport | null;
  /** Its configuration is suspended, and the page that resumes it. */
  readonly configSuspended?: { readonly reason: string | null; readonly href: string | null };
};

/** A device whose configuration is suspended says why, and leads to where it is resumed. */
function ConfigSuspended({ state }: { readonly state: ObjectState }) {
  const { t } = useTranslation();
  const suspended = state.configSuspended;
  if (!suspended) return null;
  return (
    <Alert severity="info" role="status">
      <Typography variant="body2">
        {t('deviceDashboard.state.configSuspended')} {suspended.reason}
      </Typography>
      {suspended.href && (
        <Link component={RouterLink} to={suspended.href} variant="body2">
          {t('deviceDashboard.state.openConfig')}
        </Link>
      )}
    </Alert>
  );
}

/** Why a blocked or decommissioned device is so: what it means, who did it and when. */
function StateChange({ state }: { readonly state: ObjectState }) {
  const { t } = useTranslation();
  const formatTime = useFormatDateTime();
  if (!state.decomm && !state.blocked) return null;
  const status = t(deviceStatus({ ...state, status_id: state.statusId }).key);
  const change = state.stateChanged;
  return (
    <Alert severity="warning" role="status">
      <Typography variant="body2">
        {state.decomm ? t('deviceDashboard.state.decommissioned') : t('deviceDashboard.state.blocked')}
      </Typography>
      <Typography variant="body2">
        {!change
          ? t('deviceDashboard.state.changedUnknown')
          : change.by
            ? t('deviceDashboard.state.changedBy', {
                state: status,
                by: change.by,
                time: formatTime(change.at),
              })
            : t('deviceDashboard.state.changedAt', { state: status, time: formatTime(change.at) })}
      </Typography>
    </Alert>
  );
}

function systemFacts(t: TFunction, report: DeviceReport, units: UnitContextWithZone) {
  const { system, time_sync: time, config } = report;
  const facts: Fact[] = [
    { label: t('deviceDashboard.system.cpu'), value: formatPercent(system.cpu_pct, units) },
    { label: t('deviceDashboard.system.memory'), value: formatPercent(system.mem_pct, units) },
  ];
  if (system.temp_c !== undefined)
    facts.push({
      label: t('deviceDashboard.system.temperature'),
      value: formatTemperature(system.temp_c, units),
    });
  if (system.power_w !== undefined)
    facts.push({
      label: t('deviceDashboard.system.power'),
      value:
        system.power_budget_w === undefined
          ? formatWatts(system.power_w, units)
          : t('deviceDashboard.system.powerOfBudget', {
              power: formatWatts(system.power_w, units),
              budget: formatWatts(system.power_budget_w, units),
            }),
    });
  facts.push(
    {
      label: t('deviceDashboard.system.time'),
      value: time.synced ? t('deviceDashboard.system.timeSynced') : t('deviceDashboard.system.timeUnsynced'),
    },
    {
      label: t('deviceDashboard.system.config'),
      value: !config.applied
        ? t('deviceDashboard.system.configFailed', { error: config.error ?? '' })
        : config.unsynced_files.length > 0
          ? t('deviceDashboard.system.configDrift', { files: config.unsynced_files.join(', ') })
          : t('deviceDashboard.system.configApplied'),
    },
  );
  return facts;
}

export function StateSection({
  cloudId,
  scope,
  state,
}: {
  readonly cloudId: number;
  readonly scope: DashboardScope;
  readonly state: ObjectState;
}) {
  const { t } = useTranslation();
  const units = useUnitContext();
  const status = deviceStatus({ ...state, status_id: state.statusId });
  const reason = useHealthReason(cloudId, scope, state.health);
  const alert = reason.data ?? null;
  const description = alert ? alertDescription(t, alert) : null;
  const { report } = state;
  return (
    <DashboardSection id="dashboard-state" title={t('deviceDashboard.state.title')}>
      <FactsList
        facts={[
          {
            label: t('deviceDashboard.state.status'),
            value: <StatusDot tone={status.tone} label={t(status.key)} />,
          },
          { label: t('deviceDashboard.state.health'), value: <HealthLabel health={state.health} /> },
        ]}
      />
      <StateChange state={state} />
      <ConfigSuspended state={state} />
      {alert && (
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('deviceDashboard.state.reason')}
          </Typography>
          <Typography sx={{ fontWeight: 500 }}>{alertTitle(t, alert)}</Typography>
          {description && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {description}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary">
            <AlertTime iso={alert.problem_at} />
          </Typography>
        </Box>
      )}
      {report?.action_required && (
        <Alert severity="warning">
          {t('deviceDashboard.state.actionRequired', { action: report.action_required })}
        </Alert>
      )}
      {report && <FactsList facts={systemFacts(t, report, units)} />}
    </DashboardSection>
  );
}
