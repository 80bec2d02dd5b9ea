// docs/streaming.md: the Streaming page of a smart NVR (/v2/cloud/{cloudId}/smartnvr/{smartNvrId}/streaming):
// live cameras in a grid of 1, 4 or 9 and one camera at a time, recorded footage of a time range on a
// timeline, clip export, and the video access log for owners and administrators.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { CameraItem } from '../../../../core/api/cameras.ts';
import type { VideoAccessEntry } from '../../../../core/api/streaming.ts';
import { can } from '../../../../core/policy.ts';
import { parseId } from '../../../../core/route-definition.ts';
import { routes } from '../../../../core/routes.ts';
import {
  CLIP_MAX_S,
  CLIP_MIN_S,
  clipRangeProblem,
  FOOTAGE_DAYS,
  GRID_SIZES,
  type GridSize,
  PLAYBACK_MAX_S,
  playbackRangeProblem,
  type RangeProblem,
  segmentAt,
  segmentStart,
} from '../../../../core/streaming.ts';
import { ListResults } from '../../../platform/list-page/list-page-frame.tsx';
import type { ListColumn } from '../../../platform/list-page/list-table.tsx';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { PageLoader } from '../../../platform/page-loader.tsx';
import { DateTime, useFormatDateTime } from '../../account/index.ts';
import { accessOf, useCachedMe } from '../../auth/index.ts';
import { exportClip, useStreamingCameras, useVideoAccessLog } from '../api/streaming-api.ts';
import { StreamPlayer } from '../components/stream-player.tsx';

const TITLE_ID = 'page-title';
const LOG_TITLE_ID = 'video-access-title';
type TabName = 'live' | 'playback' | 'log';

/** A datetime-local input's value for an instant, in the browser's time zone. */
function localInput(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
const fromInput = (value: string) => new Date(value).getTime();
const RANGE_VALUES = {
  min: CLIP_MIN_S,
  max: CLIP_MAX_S / 60,
  hours: PLAYBACK_MAX_S / 3600,
  days: FOOTAGE_DAYS,
};
const RANGE_PROBLEM_KEYS = {
  missing: 'streaming.range.missing',
  order: 'streaming.range.order',
  too_short: 'streaming.range.tooShort',
  too_long: 'streaming.range.tooLong',
  too_long_playback: 'streaming.range.tooLongPlayback',
  future: 'streaming.range.future',
  too_old: 'streaming.range.tooOld',
} as const satisfies Record<RangeProblem, string>;

/** The start and end of a range of footage, the end saying what is wrong with the range. */
function RangeFields({
  labels,
  texts,
  onChange,
  problem,
}: {
  readonly labels: readonly [string, string];
  readonly texts: readonly [string, string];
  readonly onChange: readonly [(value: string) => void, (value: string) => void];
  readonly problem: RangeProblem | null;
}) {
  const { t } = useTranslation();
  return ([0, 1] as const).map((end) => (
    <TextField
      key={end}
      size="small"
      type="datetime-local"
      label={labels[end]}
      value={texts[end]}
      onChange={(event) => onChange[end](event.target.value)}
      {...(end === 1 && {
        error: problem !== null,
        helperText: problem ? t(RANGE_PROBLEM_KEYS[problem], RANGE_VALUES) : ' ',
      })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
    />
  ));
}

export function StreamingPage() {
  const { t } = useTranslation();
  const params = useParams();
  const cloudId = parseId(params.cloudId ?? '') ?? 0;
  const smartNvrId = parseId(params.smartNvrId ?? '') ?? 0;
  const membership = useCachedMe()?.memberships.find((candidate) => candidate.cloud_id === cloudId);
  const seesLog = membership !== undefined && can(accessOf(membership), 'manage_users');
  const cameras = useStreamingCameras(cloudId, smartNvrId);
  const [tab, setTab] = useState<TabName>('live');

  let body: ReactNode;
  if (cameras.isPending) body = <PageLoader />;
  else if (!cameras.data)
    body = <LoadFailed message={t('streaming.page.loadFailed')} onRetry={() => cameras.refetch()} />;
  else if (!cameras.data.recorder.online)
    body = <Alert severity="warning">{t('streaming.page.offline')}</Alert>;
  else if (cameras.data.items.length === 0)
    body = <Typography role="status">{t('streaming.page.noCameras')}</Typography>;
  else if (tab === 'live')
    body = <LiveView cloudId={cloudId} smartNvrId={smartNvrId} cameras={cameras.data.items} />;
  else if (tab === 'playback')
    body = <PlaybackView cloudId={cloudId} smartNvrId={smartNvrId} cameras={cameras.data.items} />;
  if (tab === 'log') body = <AccessLog cloudId={cloudId} smartNvrId={smartNvrId} />;

  return (
    <Box component="section" aria-labelledby={TITLE_ID} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography id={TITLE_ID} variant="h1">
        {t(routes.smartNvrStreaming.titleKey)}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, next: TabName) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={t('streaming.page.tabs')}
      >
        <Tab value="live" label={t('streaming.tab.live')} />
        <Tab value="playback" label={t('streaming.tab.playback')} />
        {seesLog && <Tab value="log" label={t('streaming.tab.log')} />}
      </Tabs>
      {body}
    </Box>
  );
}

type ViewProps = {
  readonly cloudId: number;
  readonly smartNvrId: number;
  readonly cameras: readonly CameraItem[];
};

function CameraSelect({
  cameras,
  value,
  onChange,
}: {
  readonly cameras: readonly CameraItem[];
  readonly value: string;
  readonly onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('streaming.page.camera')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 200, maxWidth: '100%' }}
    >
      {cameras.map((camera) => (
        <MenuItem key={camera.id} value={camera.id}>
          {camera.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Live: a grid of 1, 4 or 9 cameras (sub streams), a page at a time, or one camera large (main stream). */
function LiveView({ cloudId, smartNvrId, cameras }: ViewProps) {
  const { t } = useTranslation();
  const [size, setSize] = useState<GridSize>(4);
  const [page, setPage] = useState(0);
  const [single, setSingle] = useState<string | null>(null);
  const pages = Math.max(1, Math.ceil(cameras.length / size));
  const shown = cameras.slice(page * size, page * size + size);
  const singleCamera = cameras.find((camera) => camera.id === single) ?? null;
  const two = 'repeat(2, minmax(0, 1fr))';
  const columns =
    size === 1
      ? 'minmax(0, 1fr)'
      : size === 4
        ? { xs: 'minmax(0, 1fr)', sm: two }
        : { xs: 'minmax(0, 1fr)', sm: two, md: 'repeat(3, minmax(0, 1fr))' };

  if (singleCamera)
    return (
      <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <Button variant="outlined" onClick={() => setSingle(null)}>
            {t('streaming.live.backToGrid')}
          </Button>
          <CameraSelect cameras={cameras} value={singleCamera.id} onChange={setSingle} />
        </Box>
        <Box sx={{ maxWidth: 1100, width: '100%' }}>
          <StreamPlayer
            key={singleCamera.id}
            cloudId={cloudId}
            smartNvrId={smartNvrId}
            camera={singleCamera}
            kind="live"
            wanted="main"
            large
          />
        </Box>
      </Box>
    );

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={size}
          aria-label={t('streaming.live.layout')}
          onChange={(_event, next: GridSize | null) => {
            if (next === null) return;
            setSize(next);
            setPage(0);
          }}
        >
          {GRID_SIZES.map((option) => (
            <ToggleButton
              key={option}
              value={option}
              aria-label={t('streaming.live.gridOf', { size: option })}
            >
              {option}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {pages > 1 && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <Button size="small" disabled={page === 0} onClick={() => setPage(page - 1)}>
              {t('streaming.live.previous')}
            </Button>
            <Typography variant="body2" role="status">
              {t('streaming.live.pageOf', { page: page + 1, pages })}
            </Typography>
            <Button size="small" disabled={page >= pages - 1} onClick={() => setPage(page + 1)}>
              {t('streaming.live.next')}
            </Button>
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: columns }}>
        {shown.map((camera) => (
          <Box key={camera.id} sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
            <StreamPlayer
              cloudId={cloudId}
              smartNvrId={smartNvrId}
              camera={camera}
              kind="live"
              wanted={size === 1 ? 'main' : 'sub'}
              large={size === 1}
            />
            <Button size="small" sx={{ justifySelf: 'start' }} onClick={() => setSingle(camera.id)}>
              {t('streaming.live.watchOne', { name: camera.name })}
            </Button>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** Recorded footage of a range on a timeline, and a clip of it exported as a file. */
function PlaybackView({ cloudId, smartNvrId, cameras }: ViewProps) {
  const { t } = useTranslation();
  const format = useFormatDateTime();
  const [cameraId, setCameraId] = useState(cameras[0]?.id ?? '');
  const [now] = useState(() => Date.now());
  const [fromText, setFromText] = useState(localInput(now - 10 * 60_000));
  const [toText, setToText] = useState(localInput(now - 60_000));
  const [playing, setPlaying] = useState<{ cameraId: string; from: string; to: string } | null>(null);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [position, setPosition] = useState(0);
  const camera = cameras.find((candidate) => candidate.id === cameraId) ?? cameras[0];
  const fromMs = fromInput(fromText);
  const toMs = fromInput(toText);
  const rangeProblem = playbackRangeProblem(fromMs, toMs, Date.now());

  useEffect(() => {
    if (!video) return;
    const update = () => setPosition(video.currentTime);
    video.addEventListener('timeupdate', update);
    return () => video.removeEventListener('timeupdate', update);
  }, [video]);
  const onVideo = useCallback((element: HTMLVideoElement | null) => setVideo(element), []);

  // The playlist starts at the first segment the range touches: positions count from there.
  const start = playing ? segmentStart(segmentAt(Date.parse(playing.from))) : 0;
  const end = playing ? Date.parse(playing.to) : 0;
  const lengthS = Math.max(1, (end - start) / 1000);

  if (!camera) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (rangeProblem) return;
          setPosition(0);
          setPlaying({
            cameraId: camera.id,
            from: new Date(fromMs).toISOString(),
            to: new Date(toMs).toISOString(),
          });
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
      >
        <CameraSelect cameras={cameras} value={camera.id} onChange={setCameraId} />
        <RangeFields
          labels={[t('streaming.playback.from'), t('streaming.playback.to')]}
          texts={[fromText, toText]}
          onChange={[setFromText, setToText]}
          problem={rangeProblem}
        />
        <Button type="submit" variant="contained" disabled={rangeProblem !== null}>
          {t('streaming.playback.play')}
        </Button>
      </Box>
      {playing && (
        <Box sx={{ display: 'grid', gap: 1, maxWidth: 1100, width: '100%', minWidth: 0 }}>
          <StreamPlayer
            key={`${playing.cameraId}-${playing.from}-${playing.to}`}
            cloudId={cloudId}
            smartNvrId={smartNvrId}
            camera={cameras.find((candidate) => candidate.id === playing.cameraId) ?? camera}
            kind="playback"
            wanted="main"
            range={{ from: playing.from, to: playing.to }}
            large
            onVideo={onVideo}
          />
          <Box sx={{ px: 1 }}>
            <Slider
              aria-label={t('streaming.playback.timeline')}
              min={0}
              max={lengthS}
              step={1}
              value={Math.min(position, lengthS)}
              disabled={!video}
              valueLabelDisplay="auto"
              valueLabelFormat={(value) => format(new Date(start + value * 1000).toISOString())}
              getAriaValueText={(value) => format(new Date(start + value * 1000).toISOString())}
              onChange={(_event, value) => {
                if (video && typeof value === 'number') video.currentTime = value;
              }}
            />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="caption">{format(new Date(start).toISOString())}</Typography>
              <Typography variant="caption" role="status">
                {format(new Date(start + Math.min(position, lengthS) * 1000).toISOString())}
              </Typography>
              <Typography variant="caption">{format(new Date(end).toISOString())}</Typography>
            </Box>
          </Box>
        </Box>
      )}
      <ClipExport cloudId={cloudId} smartNvrId={smartNvrId} camera={camera} />
    </Box>
  );
}

function ClipExport({
  cloudId,
  smartNvrId,
  camera,
}: {
  readonly cloudId: number;
  readonly smartNvrId: number;
  readonly camera: CameraItem;
}) {
  const { t } = useTranslation();
  const [now] = useState(() => Date.now());
  const [fromText, setFromText] = useState(localInput(now - 90_000));
  const [toText, setToText] = useState(localInput(now - 60_000));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const fromMs = fromInput(fromText);
  const toMs = fromInput(toText);
  const problem = clipRangeProblem(fromMs, toMs, Date.now());

  async function run() {
    setBusy(true);
    setResult(null);
    try {
      const clip = await exportClip(cloudId, smartNvrId, camera.id, {
        stream: 'main',
        from: new Date(fromMs).toISOString(),
        to: new Date(toMs).toISOString(),
      });
      const link = document.createElement('a');
      link.href = clip.download_url;
      link.download = clip.file_name;
      document.body.append(link);
      link.click();
      link.remove();
      setResult({ ok: true, text: t('streaming.export.started', { file: clip.file_name }) });
    } catch (error) {
      setResult({ ok: false, text: error instanceof Error ? error.message : t('streaming.export.failed') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box
      component="section"
      aria-labelledby="clip-export-title"
      sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}
    >
      <Typography id="clip-export-title" variant="h2">
        {t('streaming.export.title', { name: camera.name })}
      </Typography>
      <Typography color="text.secondary">
        {t('streaming.export.intro', { min: CLIP_MIN_S, max: CLIP_MAX_S / 60 })}
      </Typography>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!problem && !busy) void run();
        }}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
      >
        <RangeFields
          labels={[t('streaming.export.from'), t('streaming.export.to')]}
          texts={[fromText, toText]}
          onChange={[setFromText, setToText]}
          problem={problem}
        />
        <Button type="submit" variant="contained" disabled={problem !== null || busy}>
          {t('streaming.export.button')}
        </Button>
      </Box>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </Alert>
      )}
    </Box>
  );
}

function AccessLog({ cloudId, smartNvrId }: { readonly cloudId: number; readonly smartNvrId: number }) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const result = useVideoAccessLog(cloudId, smartNvrId, offset);
  const duration = (seconds: number) =>
    seconds < 60
      ? t('streaming.log.seconds', { count: seconds })
      : t('streaming.log.minutes', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 });
  const columns: ListColumn<VideoAccessEntry>[] = [
    { id: 'at', header: t('streaming.log.when'), cell: (item) => <DateTime iso={item.started_at} /> },
    { id: 'who', header: t('streaming.log.who'), cell: (item) => item.user.name || item.user.email },
    { id: 'camera', header: t('streaming.log.camera'), cell: (item) => item.camera_name },
    {
      id: 'kind',
      header: t('streaming.log.kind'),
      cell: (item) => `${t(`streaming.kind.${item.kind}`)} · ${t(`streaming.stream.${item.stream}`)}`,
    },
    {
      id: 'duration',
      header: t('streaming.log.duration'),
      cell: (item) => (item.open ? t('streaming.log.watching') : duration(item.duration_s)),
    },
    {
      id: 'range',
      header: t('streaming.log.footage'),
      from: 'md',
      cell: (item) =>
        item.range_from && item.range_to ? (
          <>
            <DateTime iso={item.range_from} /> – <DateTime iso={item.range_to} />
          </>
        ) : (
          '—'
        ),
    },
  ];
  return (
    <Box component="section" aria-labelledby={LOG_TITLE_ID} sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography id={LOG_TITLE_ID} variant="h2">
        {t('streaming.log.title')}
      </Typography>
      <Typography color="text.secondary">{t('streaming.log.intro')}</Typography>
      <ListResults
        result={result}
        offset={offset}
        onOffset={setOffset}
        emptyText={t('streaming.log.empty')}
        columns={columns}
        rowKey={(item) => item.id}
        labelledBy={LOG_TITLE_ID}
      />
    </Box>
  );
}
