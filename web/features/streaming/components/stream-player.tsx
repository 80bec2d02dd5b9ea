// One camera playing (docs/streaming.md#the-player): a view started on the console, its signed playlist
// played by hls.js (loaded with the first player), natively where the browser plays HLS itself, or the
// recorder's snapshots; a codec the browser cannot decode falls back to the sub stream or to snapshots,
// and the player says so. The view is ended when the player goes.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraItem } from '../../../../core/api/cameras.ts';
import type { StreamView } from '../../../../core/api/streaming.ts';
import { SNAPSHOT_REFRESH_MS, type StreamName } from '../../../../core/streaming.ts';
import { endView, startView } from '../api/streaming-api.ts';
import { browserSupports, choosePlay } from '../codecs.ts';

export type PlayerProps = {
  readonly cloudId: number;
  readonly smartNvrId: number;
  readonly camera: Pick<CameraItem, 'id' | 'name' | 'main' | 'sub' | 'status'>;
  readonly kind: 'live' | 'playback';
  readonly wanted: StreamName;
  /** Recorded footage to play (playback only), ISO date-times. */
  readonly range?: { readonly from: string; readonly to: string };
  /** Controls and a larger caption for the single-camera view. */
  readonly large?: boolean;
  /** The video element once it plays, for a timeline. */
  readonly onVideo?: (video: HTMLVideoElement | null) => void;
};

type State =
  | { phase: 'starting' }
  | { phase: 'playing'; view: StreamView }
  | { phase: 'failed'; message: string };

type HlsInstance = { destroy: () => void };

/** Plays the view's playlist; answers how to stop, or null when this browser plays no HLS at all. */
async function attach(
  video: HTMLVideoElement,
  url: string,
  onFatal: (message: string) => void,
): Promise<(() => void) | null> {
  const { default: Hls } = await import('hls.js');
  // Muted video may play without a gesture; React leaves the attribute off, so it is set here.
  video.muted = true;
  const start = () => {
    video.play().catch(() => undefined);
  };
  // A live playlist starts near its end: the first footage buffered may begin after the element's time 0.
  const toBuffered = () => {
    if (video.buffered.length > 0 && video.currentTime < video.buffered.start(0))
      video.currentTime = video.buffered.start(0);
  };
  video.addEventListener('waiting', toBuffered);
  video.addEventListener('loadeddata', toBuffered);
  const unlisten = () => {
    video.removeEventListener('waiting', toBuffered);
    video.removeEventListener('loadeddata', toBuffered);
  };
  if (Hls.isSupported()) {
    // The console's content security policy admits no workers from blob: URLs.
    const hls = new Hls({ enableWorker: false, liveSyncDurationCount: 2, manifestLoadingMaxRetry: 2 });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) onFatal(data.response?.code === 403 ? 'expired' : data.details);
    });
    hls.on(Hls.Events.MANIFEST_PARSED, start);
    hls.on(Hls.Events.FRAG_BUFFERED, toBuffered);
    hls.loadSource(url);
    hls.attachMedia(video);
    const instance: HlsInstance = hls;
    return () => {
      unlisten();
      instance.destroy();
    };
  }
  if (video.canPlayType('application/vnd.apple.mpegurl') !== '') {
    video.src = url;
    start();
    return () => {
      unlisten();
      video.removeAttribute('src');
      video.load();
    };
  }
  unlisten();
  return null;
}

export function StreamPlayer({
  cloudId,
  smartNvrId,
  camera,
  kind,
  wanted,
  range,
  large,
  onVideo,
}: PlayerProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<State>({ phase: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const [tick, setTick] = useState(0);
  const [noHls, setNoHls] = useState(false);
  const choice = choosePlay(camera, wanted, browserSupports);
  const stream = choice.stream ?? 'sub';
  const from = range?.from;
  const to = range?.to;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry (attempt) starts the view again
  useEffect(() => {
    let stopped = false;
    let viewId: number | null = null;
    let detach: (() => void) | null = null;
    setState({ phase: 'starting' });
    setNoHls(false);
    startView(cloudId, smartNvrId, camera.id, { kind, stream, ...(kind === 'playback' ? { from, to } : {}) })
      .then(async (view) => {
        viewId = view.id;
        if (stopped) return;
        setState({ phase: 'playing', view });
        const video = videoRef.current;
        if (view.mode !== 'video' || !view.playlist_url || choice.stream === null || !video) return;
        detach = await attach(video, view.playlist_url, (reason) =>
          setState({
            phase: 'failed',
            message: reason === 'expired' ? t('streaming.player.expired') : t('streaming.player.stopped'),
          }),
        );
        if (stopped) detach?.();
        else if (detach === null) setNoHls(true);
      })
      .catch((error: unknown) => {
        if (!stopped)
          setState({
            phase: 'failed',
            message: error instanceof Error && error.message ? error.message : t('streaming.player.stopped'),
          });
      });
    return () => {
      stopped = true;
      detach?.();
      if (viewId !== null) endView(cloudId, smartNvrId, viewId).catch(() => undefined);
    };
  }, [cloudId, smartNvrId, camera.id, kind, stream, from, to, attempt, choice.stream, t]);

  const view = state.phase === 'playing' ? state.view : null;
  const snapshots = view !== null && (view.mode === 'snapshots' || choice.stream === null || noHls);
  useEffect(() => {
    if (!snapshots) return;
    const timer = setInterval(() => setTick((n) => n + 1), SNAPSHOT_REFRESH_MS);
    return () => clearInterval(timer);
  }, [snapshots]);
  useEffect(() => {
    onVideo?.(view && !snapshots ? videoRef.current : null);
  }, [onVideo, view, snapshots]);

  const note =
    view?.mode === 'snapshots'
      ? t('streaming.player.recorderSnapshots')
      : choice.fallback === 'sub'
        ? t('streaming.player.subFallback', { codec: (camera.main?.codec ?? '').toUpperCase() })
        : choice.fallback === 'snapshots' || noHls
          ? t('streaming.player.snapshotFallback')
          : null;

  return (
    <Box
      component="figure"
      aria-label={camera.name}
      sx={{ m: 0, minWidth: 0, display: 'grid', gap: 0.5, alignContent: 'start' }}
    >
      <Box
        sx={{
          position: 'relative',
          aspectRatio: '16 / 9',
          bgcolor: 'common.black',
          borderRadius: 1,
          overflow: 'hidden',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {state.phase === 'failed' ? (
          <Box sx={{ display: 'grid', gap: 1, p: 1, justifyItems: 'center' }}>
            <Typography sx={{ color: 'common.white', textAlign: 'center' }} role="alert">
              {state.message}
            </Typography>
            <Button variant="contained" size="small" onClick={() => setAttempt((n) => n + 1)}>
              {t('streaming.player.retry')}
            </Button>
          </Box>
        ) : snapshots && view ? (
          <Box
            component="img"
            src={`${view.snapshot_url}&t=${tick}`}
            alt={t('streaming.player.snapshotAlt', { name: camera.name })}
            sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        ) : (
          <Box
            component="video"
            ref={videoRef}
            muted
            autoPlay
            playsInline
            controls={large}
            aria-label={t('streaming.player.videoLabel', { name: camera.name })}
            sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
          />
        )}
        {state.phase === 'starting' && (
          <CircularProgress
            aria-label={t('streaming.player.starting')}
            sx={{ position: 'absolute', color: 'common.white' }}
          />
        )}
      </Box>
      <Box component="figcaption" sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
        <Typography variant={large ? 'subtitle1' : 'body2'} sx={{ overflowWrap: 'anywhere' }}>
          {camera.name}
          {view
            ? ` · ${t(`streaming.stream.${view.mode === 'snapshots' || snapshots ? 'snapshots' : view.stream}`)}`
            : ''}
        </Typography>
        {note && (
          <Alert severity="info" sx={{ py: 0 }}>
            {note}
          </Alert>
        )}
      </Box>
    </Box>
  );
}
