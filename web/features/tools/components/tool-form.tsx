// Choosing a device, a tool and its inputs, then Run (docs/tools.md#the-tools). Each tool's inputs are
// checked as core/fleet/troubleshoot.ts checks them, so what the form sends the server takes.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceListItem } from '../../../../core/api/devices.ts';
import type { CreateTaskBody } from '../../../../core/api/tasks.ts';
import type { TaskType } from '../../../../core/domain.ts';
import {
  DNS_RECORD_TYPES,
  DOMAIN_PATTERN,
  HOST_PATTERN,
  PING_COUNT,
  SURVEY_BANDS,
  THROUGHPUT_DIRECTIONS,
  THROUGHPUT_SECONDS,
  TRACEROUTE_HOPS,
  URL_PATTERN,
} from '../../../../core/fleet/troubleshoot.ts';
import { DevicePicker } from './device-picker.tsx';

/** The troubleshooting tools, and the two packet captures the page also starts. */
export const FORM_TOOLS = [
  'ping',
  'traceroute',
  'dns',
  'http',
  'throughput',
  'survey',
  'netcap',
  'packetDump',
] as const;
export type FormTool = (typeof FORM_TOOLS)[number];

const TASK_OF: Record<FormTool, TaskType> = {
  ping: 'TASK_TROUBLESHOOT',
  traceroute: 'TASK_TROUBLESHOOT',
  dns: 'TASK_TROUBLESHOOT',
  http: 'TASK_TROUBLESHOOT',
  throughput: 'TASK_TROUBLESHOOT',
  survey: 'TASK_TROUBLESHOOT',
  netcap: 'TASK_NETCAP',
  packetDump: 'TASK_PACKET_DUMP',
};

// core/task-types.ts TASK_NETCAP and TASK_PACKET_DUMP.
const INTERFACE_PATTERN = /^[A-Za-z0-9._-]{1,15}$/;
const CAPTURE_SECONDS = { min: 1, max: 600, default: 30 };
const CAPTURE_PACKETS = { min: 1, max: 100_000, default: 1000 };

const host = new RegExp(HOST_PATTERN);
const domain = new RegExp(DOMAIN_PATTERN);
const url = new RegExp(URL_PATTERN);

type Inputs = Record<string, string>;
const DEFAULTS: Inputs = {
  host: '',
  count: String(PING_COUNT.default),
  maxHops: String(TRACEROUTE_HOPS.default),
  name: '',
  recordType: 'A',
  server: '',
  url: 'https://',
  method: 'GET',
  durationS: String(THROUGHPUT_SECONDS.default),
  direction: 'both',
  band: 'all',
  interface: 'eth0',
  captureS: String(CAPTURE_SECONDS.default),
  packets: String(CAPTURE_PACKETS.default),
};

const whole = (text: string, range: { min: number; max: number }) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= range.min && value <= range.max ? value : null;
};

interface ToolFormProps {
  readonly cloudId: number;
  readonly busy: boolean;
  readonly onRun: (body: CreateTaskBody, device: DeviceListItem) => void;
}

export function ToolForm({ cloudId, busy, onRun }: ToolFormProps) {
  const { t } = useTranslation();
  const [device, setDevice] = useState<DeviceListItem | null>(null);
  const [serverDevice, setServerDevice] = useState<DeviceListItem | null>(null);
  const [tool, setTool] = useState<FormTool>('ping');
  const [inputs, setInputs] = useState<Inputs>(DEFAULTS);
  const [tried, setTried] = useState(false);
  const set = (key: string) => (event: { target: { value: string } }) =>
    setInputs((current) => ({ ...current, [key]: event.target.value }));

  // What each field says is wrong, and the parameters when nothing is.
  const problems: Record<string, string | null> = {};
  const range = (key: string, limits: { min: number; max: number }) => {
    const value = whole(inputs[key] ?? '', limits);
    problems[key] = value === null ? t('tools.form.between', limits) : null;
    return value;
  };
  const pattern = (key: string, test: RegExp, message: string) => {
    const value = (inputs[key] ?? '').trim();
    problems[key] = value === '' ? t('tools.form.required') : test.test(value) ? null : message;
    return value;
  };
  let params: Record<string, unknown> = {};
  switch (tool) {
    case 'ping':
      params = {
        tool,
        host: pattern('host', host, t('tools.form.hostInvalid')),
        count: range('count', PING_COUNT),
      };
      break;
    case 'traceroute':
      params = {
        tool,
        host: pattern('host', host, t('tools.form.hostInvalid')),
        maxHops: range('maxHops', TRACEROUTE_HOPS),
      };
      break;
    case 'dns':
      params = {
        tool,
        name: pattern('name', domain, t('tools.form.nameInvalid')),
        recordType: inputs.recordType,
        ...(inputs.server?.trim() ? { server: pattern('server', host, t('tools.form.hostInvalid')) } : {}),
      };
      break;
    case 'http':
      params = { tool, url: pattern('url', url, t('tools.form.urlInvalid')), method: inputs.method };
      break;
    case 'throughput':
      problems.serverDevice =
        serverDevice === null
          ? t('tools.form.required')
          : serverDevice.id === device?.id
            ? t('tools.form.sameDevice')
            : null;
      params = {
        tool,
        server: serverDevice?.hostname ?? '',
        durationS: range('durationS', THROUGHPUT_SECONDS),
        direction: inputs.direction,
      };
      break;
    case 'survey':
      params = { tool, band: inputs.band };
      break;
    case 'netcap':
      params = {
        interface: pattern('interface', INTERFACE_PATTERN, t('tools.form.interfaceInvalid')),
        durationS: range('captureS', CAPTURE_SECONDS),
      };
      break;
    case 'packetDump':
      params = {
        interface: pattern('interface', INTERFACE_PATTERN, t('tools.form.interfaceInvalid')),
        packets: range('packets', CAPTURE_PACKETS),
      };
      break;
  }
  problems.device = device === null ? t('tools.form.required') : null;
  const type = TASK_OF[tool];
  const unsupported = device !== null && !device.allowed_tasks.includes(type);
  const invalid = Object.values(problems).some((problem) => problem !== null);
  const shown = (key: string) => (tried ? (problems[key] ?? null) : null);

  const field = (key: string, label: string, extra: { type?: string; helper?: string } = {}) => (
    <TextField
      label={label}
      type={extra.type}
      value={inputs[key]}
      onChange={set(key)}
      error={shown(key) !== null}
      helperText={shown(key) ?? extra.helper}
      slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
    />
  );
  const choice = (
    key: string,
    label: string,
    values: readonly string[],
    labelOf = (value: string) => value,
  ) => (
    <TextField select label={label} value={inputs[key]} onChange={set(key)}>
      {values.map((value) => (
        <MenuItem key={value} value={value}>
          {labelOf(value)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('tools.form.label')}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (invalid || unsupported || !device) return;
        onRun({ type, targets: { device_ids: [device.id] }, params }, device);
      }}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <DevicePicker
        cloudId={cloudId}
        label={t('tools.form.device')}
        value={device}
        onChange={setDevice}
        error={shown('device') !== null}
        helperText={shown('device')}
      />
      <TextField
        select
        label={t('tools.form.tool')}
        value={tool}
        onChange={(event) => setTool(event.target.value as FormTool)}
      >
        {FORM_TOOLS.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`tools.tool.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      {(tool === 'ping' || tool === 'traceroute') &&
        field('host', t('tools.form.host'), { helper: t('tools.form.hostHint') })}
      {tool === 'ping' && field('count', t('tools.form.count'), { type: 'number' })}
      {tool === 'traceroute' && field('maxHops', t('tools.form.maxHops'), { type: 'number' })}
      {tool === 'dns' && (
        <>
          {field('name', t('tools.form.name'))}
          {choice('recordType', t('tools.form.recordType'), DNS_RECORD_TYPES)}
          {field('server', t('tools.form.dnsServer'), { helper: t('tools.form.dnsServerHint') })}
        </>
      )}
      {tool === 'http' && (
        <>
          {field('url', t('tools.form.url'))}
          {choice('method', t('tools.form.method'), ['GET', 'HEAD'])}
        </>
      )}
      {tool === 'throughput' && (
        <>
          <DevicePicker
            cloudId={cloudId}
            label={t('tools.form.serverDevice')}
            value={serverDevice}
            onChange={setServerDevice}
            error={shown('serverDevice') !== null}
            helperText={shown('serverDevice') ?? t('tools.form.serverDeviceHint')}
          />
          {field('durationS', t('tools.form.durationS'), { type: 'number' })}
          {choice('direction', t('tools.form.direction'), THROUGHPUT_DIRECTIONS, (value) =>
            t(`tools.direction.${value as (typeof THROUGHPUT_DIRECTIONS)[number]}`),
          )}
        </>
      )}
      {tool === 'survey' &&
        choice('band', t('tools.form.band'), SURVEY_BANDS, (value) =>
          value === 'all' ? t('tools.form.allBands') : t('tools.form.bandGhz', { band: value }),
        )}
      {(tool === 'netcap' || tool === 'packetDump') && field('interface', t('tools.form.interface'))}
      {tool === 'netcap' && field('captureS', t('tools.form.captureS'), { type: 'number' })}
      {tool === 'packetDump' && field('packets', t('tools.form.packets'), { type: 'number' })}
      {unsupported && device && (
        <Alert severity="warning" sx={{ gridColumn: '1 / -1' }}>
          {t('tools.form.unsupported', { name: device.name })}
        </Alert>
      )}
      <Box sx={{ gridColumn: '1 / -1' }}>
        <Button type="submit" variant="contained" disabled={busy || unsupported}>
          {t('tools.form.run')}
        </Button>
      </Box>
    </Box>
  );
}
