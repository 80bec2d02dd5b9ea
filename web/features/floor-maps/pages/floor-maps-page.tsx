// docs/floor-maps.md: a site's floors (/site/{siteId}/floor-maps), each with its plan, its scale and the
// devices placed on it; with edit_map, floors, plans, scale and places are changed here, each with its undo.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  FLOOR_NAME_MAX_LENGTH,
  FLOORS_MAX,
  type Floor,
  type FloorDevice,
  SCALE_METRES_MAX,
} from '../../../../core/api/floor-maps.ts';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_LABEL } from '../../../../core/limits.ts';
import { readPathIds, routes } from '../../../../core/routes.ts';
import { HEALTH_TONES } from '../../../platform/device-status.ts';
import { confirmDialog, promptDialog } from '../../../platform/dialogs/dialog-store.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { PageLoader } from '../../../platform/page-loader.tsx';
import { HEALTH_LABEL_KEYS } from '../../devices/index.ts';
import { usePageObjects } from '../../navigation/index.ts';
import {
  type PositionInput,
  planUrl,
  useFloorChange,
  useSetFloorPosition,
  useSiteFloors,
} from '../api/floors.ts';
import { DeviceList } from '../components/device-lists.tsx';
import { EstimateLayer } from '../components/estimate-layer.tsx';
import { type PlacedDevice, PlanView, type Point } from '../components/plan-view.tsx';
import {
  ESTIMATE_BAND_GHZ,
  ESTIMATE_WALL_DB_PER_M,
  estimateCells,
  metresPerPixel,
} from '../components/signal-estimate.ts';

const TITLE_ID = 'page-title';
const PLAN_TYPES = 'image/png,image/jpeg,image/svg+xml';
const isOn =
  (floorId: number) =>
  (device: FloorDevice): device is PlacedDevice =>
    device.floor_id === floorId && device.x !== null && device.y !== null;

export function FloorMapsPage() {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const { pathname } = useLocation();
  const siteId = readPathIds(pathname).siteId ?? 0;
  const { cloudId } = usePageObjects(pathname);
  const result = useSiteFloors(cloudId, siteId);
  const change = useFloorChange(cloudId ?? 0, siteId);
  const save = useSetFloorPosition(cloudId ?? 0, siteId);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // While the scale is being set: the points marked so far.
  const [marks, setMarks] = useState<Point[] | null>(null);
  const [metres, setMetres] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  // The signal estimate, off until asked for, and the plan's size in pixels it is drawn for.
  const [estimate, setEstimate] = useState(false);
  const [imageSize, setImageSize] = useState<{ width: number; height: number } | null>(null);

  const data = result.data;
  const floors = data?.floors ?? [];
  const floor = floors.find((candidate) => candidate.id === chosenId) ?? floors[0] ?? null;
  const canEdit = data?.can_edit_map ?? false;
  const onFloor = useMemo(() => (floor && data ? data.devices.filter(isOn(floor.id)) : []), [data, floor]);
  const others = useMemo(
    () => (floor && data ? data.devices.filter((device) => device.floor_id !== floor.id) : []),
    [data, floor],
  );
  const cells = useMemo(() => {
    if (!estimate || !floor?.scale || !imageSize) return [];
    const perPixel = metresPerPixel(floor.scale, imageSize);
    const accessPoints = onFloor.filter((device) => device.product_type === 'wifi');
    return perPixel === null ? [] : estimateCells(accessPoints, imageSize, perPixel);
  }, [estimate, floor, imageSize, onFloor]);
  const palette = {
    success: theme.palette.success.main,
    warning: theme.palette.warning.main,
    error: theme.palette.error.main,
    neutral: theme.palette.grey[400],
  };
  const number = (value: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(value);
  const status = (device: FloorDevice) =>
    device.clients === null
      ? t(HEALTH_LABEL_KEYS[device.health_id])
      : t('floorMaps.device.statusClients', {
          health: t(HEALTH_LABEL_KEYS[device.health_id]),
          clients: device.clients,
        });
  const floorName = (floorId: number | null) => floors.find((f) => f.id === floorId)?.name ?? null;

  /** Saves a place and offers to put the device back where it was. */
  function place(device: FloorDevice, to: PositionInput, messageKey: 'placed' | 'moved' | 'removed') {
    const before: PositionInput = {
      deviceId: device.id,
      floor_id: device.floor_id,
      x: device.x,
      y: device.y,
    };
    save.mutate(to, {
      onSuccess: () =>
        showMessage({
          content: t(`floorMaps.saved.${messageKey}`, { name: device.name, floor: floor?.name ?? '' }),
          domain: 'floor-maps',
          actions: [{ label: t('floorMaps.saved.undo'), onClick: () => save.mutate(before) }],
        }),
    });
  }

  async function addFloor() {
    const name = await promptDialog({
      title: t('floorMaps.floors.addTitle'),
      label: t('floorMaps.floors.name'),
      validate: (value) => value.trim().length > 0 && value.length <= FLOOR_NAME_MAX_LENGTH,
      submitLabel: t('floorMaps.floors.add'),
    });
    if (name === null) return;
    change.mutate(
      { kind: 'create', body: { name: name.trim() } },
      { onSuccess: (created) => setChosenId((created as Floor).id) },
    );
  }

  async function renameFloor(current: Floor) {
    const name = await promptDialog({
      title: t('floorMaps.floors.renameTitle', { name: current.name }),
      label: t('floorMaps.floors.name'),
      initialValue: current.name,
      validate: (value) => value.trim().length > 0 && value.length <= FLOOR_NAME_MAX_LENGTH,
      submitLabel: t('floorMaps.floors.rename'),
    });
    if (name === null || name.trim() === current.name) return;
    change.mutate({ kind: 'update', floorId: current.id, body: { name: name.trim() } });
  }

  async function deleteFloor(current: Floor) {
    const ok = await confirmDialog({
      title: t('floorMaps.floors.deleteTitle', { name: current.name }),
      content: t('floorMaps.floors.deleteContent'),
      confirmLabel: t('floorMaps.floors.delete'),
    });
    if (ok) change.mutate({ kind: 'delete', floorId: current.id }, { onSuccess: () => setChosenId(null) });
  }

  async function deletePlan(current: Floor) {
    const ok = await confirmDialog({
      title: t('floorMaps.plan.deleteTitle', { name: current.name }),
      content: t('floorMaps.plan.deleteContent'),
      confirmLabel: t('floorMaps.plan.delete'),
    });
    if (ok) change.mutate({ kind: 'deletePlan', floorId: current.id });
  }

  function upload(current: Floor, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > UPLOAD_MAX_BYTES) {
      showMessage({ content: t('floorMaps.plan.tooLarge', { max: UPLOAD_MAX_LABEL }), variant: 'error' });
      return;
    }
    change.mutate(
      { kind: 'upload', floorId: current.id, file },
      {
        onSuccess: () =>
          showMessage({
            content: t('floorMaps.plan.uploaded', { name: current.name }),
            domain: 'floor-maps',
          }),
      },
    );
  }

  const metresValue = Number(metres.replace(',', '.'));
  const metresValid = metres.trim() !== '' && metresValue > 0 && metresValue <= SCALE_METRES_MAX;
  function saveScale(current: Floor) {
    const [a, b] = marks ?? [];
    if (!a || !b || !metresValid) return;
    change.mutate(
      {
        kind: 'update',
        floorId: current.id,
        body: { scale: { x1: a.x, y1: a.y, x2: b.x, y2: b.y, metres: metresValue } },
      },
      { onSuccess: () => setMarks(null) },
    );
  }

  if (result.isError)
    return <LoadFailed message={t('floorMaps.page.loadFailed')} onRetry={() => void result.refetch()} />;

  const src = floor && cloudId !== null ? planUrl(cloudId, siteId, floor) : null;
  const index = floor ? floors.indexOf(floor) : -1;
  const scaleLabel = floor?.scale ? t('floorMaps.scale.label', { metres: number(floor.scale.metres) }) : null;

  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={TITLE_ID} variant="h1">
        {t(routes.siteFloorMaps.titleKey)}
      </Typography>
      {!data ? (
        <PageLoader />
      ) : (
        <>
          {!canEdit && (
            <Typography variant="body2" color="text.secondary">
              {t('floorMaps.page.readOnly')}
            </Typography>
          )}
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            {floors.length > 0 && (
              <Tabs
                value={floor?.id ?? false}
                onChange={(_event, id: number) => {
                  setChosenId(id);
                  setSelectedId(null);
                  setMarks(null);
                }}
                variant="scrollable"
                scrollButtons="auto"
                aria-label={t('floorMaps.floors.tabs')}
                sx={{ flex: 1, minWidth: 0 }}
              >
                {floors.map((candidate) => (
                  <Tab key={candidate.id} value={candidate.id} label={candidate.name} />
                ))}
              </Tabs>
            )}
            {canEdit && (
              <Button
                variant="outlined"
                onClick={() => void addFloor()}
                disabled={floors.length >= FLOORS_MAX}
                sx={{ flexShrink: 0, ml: 'auto' }}
              >
                {t('floorMaps.floors.add')}
              </Button>
            )}
          </Box>
          {floors.length >= FLOORS_MAX && canEdit && (
            <Typography variant="body2" color="text.secondary">
              {t('floorMaps.floors.limit', { max: FLOORS_MAX })}
            </Typography>
          )}
          {!floor ? (
            <Typography color="text.secondary">{t('floorMaps.floors.none')}</Typography>
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 320px' },
                alignItems: 'start',
              }}
            >
              <Box sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
                {canEdit && (
                  <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                    <Button size="small" variant="outlined" onClick={() => void renameFloor(floor)}>
                      {t('floorMaps.floors.rename')}
                    </Button>
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={index <= 0}
                      onClick={() =>
                        change.mutate({ kind: 'update', floorId: floor.id, body: { position: index - 1 } })
                      }
                    >
                      {t('floorMaps.floors.moveEarlier')}
                    </Button>
                    <Button
                      size="small"
                      variant="outlined"
                      disabled={index >= floors.length - 1}
                      onClick={() =>
                        change.mutate({ kind: 'update', floorId: floor.id, body: { position: index + 1 } })
                      }
                    >
                      {t('floorMaps.floors.moveLater')}
                    </Button>
                    <Button size="small" variant="outlined" onClick={() => fileInput.current?.click()}>
                      {t(floor.plan ? 'floorMaps.plan.replace' : 'floorMaps.plan.upload')}
                    </Button>
                    <input
                      ref={fileInput}
                      hidden
                      type="file"
                      accept={PLAN_TYPES}
                      onChange={(event) => upload(floor, event)}
                    />
                    {floor.plan && (
                      <>
                        <Button
                          size="small"
                          variant={marks ? 'contained' : 'outlined'}
                          aria-pressed={marks !== null}
                          onClick={() => {
                            setMarks((current) => (current ? null : []));
                            setMetres(floor.scale ? String(floor.scale.metres) : '');
                          }}
                        >
                          {t('floorMaps.scale.set')}
                        </Button>
                        <Button size="small" variant="outlined" onClick={() => void deletePlan(floor)}>
                          {t('floorMaps.plan.delete')}
                        </Button>
                      </>
                    )}
                    <Button
                      size="small"
                      variant="outlined"
                      color="error"
                      onClick={() => void deleteFloor(floor)}
                    >
                      {t('floorMaps.floors.delete')}
                    </Button>
                  </Stack>
                )}
                {marks && (
                  <Alert severity="info" role="status">
                    {marks.length < 2 ? (
                      t('floorMaps.scale.hint')
                    ) : (
                      <Box
                        component="form"
                        onSubmit={(event) => {
                          event.preventDefault();
                          saveScale(floor);
                        }}
                        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
                      >
                        <TextField
                          size="small"
                          label={t('floorMaps.scale.metres')}
                          value={metres}
                          onChange={(event) => setMetres(event.target.value)}
                          error={metres !== '' && !metresValid}
                          helperText={
                            metres !== '' && !metresValid ? t('floorMaps.scale.invalid') : undefined
                          }
                          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                          autoFocus
                        />
                        <Button type="submit" variant="contained" size="small" disabled={!metresValid}>
                          {t('floorMaps.scale.save')}
                        </Button>
                        <Button size="small" onClick={() => setMarks(null)}>
                          {t('floorMaps.scale.cancel')}
                        </Button>
                      </Box>
                    )}
                  </Alert>
                )}
                {src ? (
                  <PlanView
                    src={src}
                    alt={t('floorMaps.plan.alt', { name: floor.name })}
                    label={t('floorMaps.plan.label', { name: floor.name })}
                    devices={onFloor}
                    canEdit={canEdit}
                    selectedId={selectedId}
                    colourOf={(device) => palette[HEALTH_TONES[device.health_id]]}
                    describe={(device) =>
                      t('floorMaps.device.label', { name: device.name, status: status(device) })
                    }
                    onSelect={setSelectedId}
                    onMove={(device, to) =>
                      place(device, { deviceId: device.id, floor_id: floor.id, ...to }, 'moved')
                    }
                    onPick={
                      marks && marks.length < 2
                        ? (point) => setMarks((current) => [...(current ?? []), point])
                        : undefined
                    }
                    scale={marks ? null : floor.scale}
                    scaleLabel={marks ? null : scaleLabel}
                    marks={marks ?? []}
                    underlay={cells.length > 0 ? <EstimateLayer cells={cells} /> : undefined}
                    onImageSize={setImageSize}
                  />
                ) : (
                  <Typography color="text.secondary">
                    {canEdit
                      ? t('floorMaps.plan.noneEdit', { max: UPLOAD_MAX_LABEL })
                      : t('floorMaps.plan.none')}
                  </Typography>
                )}
                {src && (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
                    <FormControlLabel
                      control={
                        <Switch checked={estimate} onChange={(event) => setEstimate(event.target.checked)} />
                      }
                      label={t('floorMaps.estimate.toggle')}
                    />
                    {estimate && (
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        role="status"
                        sx={{ flex: '1 1 240px' }}
                      >
                        {floor.scale
                          ? t('floorMaps.estimate.notice', {
                              wall: ESTIMATE_WALL_DB_PER_M,
                              band: ESTIMATE_BAND_GHZ,
                            })
                          : t('floorMaps.estimate.needsScale')}
                      </Typography>
                    )}
                  </Box>
                )}
                {src && (
                  <Typography variant="body2" color="text.secondary">
                    {t('floorMaps.plan.legend')}{' '}
                    {floor.scale
                      ? t('floorMaps.scale.summary', { metres: number(floor.scale.metres) })
                      : t('floorMaps.scale.none')}
                    {canEdit && ` ${t('floorMaps.plan.help')}`}
                  </Typography>
                )}
              </Box>
              <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
                <DeviceList
                  kind="onFloor"
                  devices={onFloor}
                  siteId={siteId}
                  canEdit={canEdit}
                  selectedId={selectedId}
                  describe={status}
                  floorName={floorName}
                  onAction={(device) =>
                    place(device, { deviceId: device.id, floor_id: null, x: null, y: null }, 'removed')
                  }
                />
                <DeviceList
                  kind="others"
                  devices={others}
                  siteId={siteId}
                  canEdit={canEdit && floor.plan !== null}
                  selectedId={selectedId}
                  describe={status}
                  floorName={floorName}
                  onAction={(device) => {
                    setSelectedId(device.id);
                    place(device, { deviceId: device.id, floor_id: floor.id, x: 0.5, y: 0.5 }, 'placed');
                  }}
                />
              </Box>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
