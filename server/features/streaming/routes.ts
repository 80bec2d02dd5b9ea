// Streaming (docs/streaming.md): live views, playback and clip exports of a recorder's cameras, carried
// through the recorder's media tunnel by signed URLs bound to the viewer's session, user, recorder and
// camera, and the video access log. Members who see the recorder watch; the log is for owners and
// administrators (docs/roles.md).
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import {
  CameraParams,
  ClipExport,
  ExportBody,
  MediaParams,
  MediaQuery,
  RecorderParams,
  StartViewBody,
  StreamView,
  VideoAccessPage,
  VideoAccessQuery,
  ViewParams,
} from '../../../core/api/streaming.ts';
import {
  clipRangeProblem,
  EXPORT_URL_TTL_S,
  playbackRangeProblem,
  RANGE_PROBLEM_TEXT,
  SEGMENT_URL_TTL_S,
  segmentAt,
  VIEW_IDLE_S,
  VIEW_MAX_S,
} from '../../../core/streaming.ts';
import { membershipOf, personOf } from '../../auth/cloud-scope.ts';
import { sessionOf } from '../../auth/request-auth.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/connect.ts';
import { errors } from '../../errors.ts';
import { signedInErrors } from '../../http-schemas.ts';
import { getCamera } from '../cameras/repository.ts';
import { readAll, readText, recorderGet, recorderServesVideo, rewritePlaylist } from './media.ts';
import {
  endView,
  findRecorder,
  findView,
  startView,
  touchView,
  type View,
  videoAccessPage,
} from './repository.ts';
import { signedQuery, validSignature } from './signing.ts';

const epochS = (ms: number) => Math.floor(ms / 1000);
const mediaBase = (view: View) =>
  `/apiv2/cloud/${view.cloudId}/smartnvrs/${view.smartNvrId}/media/${view.id}`;
const signedUrl = (view: View, file: string, exp: number) =>
  `${mediaBase(view)}/${file}?${signedQuery(view.id, file, exp)}`;
/** The view's own last moment: its playlist and snapshot URLs last as long as the view may. */
const viewEnd = (view: View) => epochS(view.startedAt.getTime()) + VIEW_MAX_S;

function rangeIssue(path: string, message: string) {
  return errors.validation([{ errorCode: 'range', location: 'body', path, message }]);
}

/** The recorder and camera a call names, or 404: members who see the recorder see its cameras. */
async function recorderAndCamera(db: Database, cloudId: number, smartNvrId: number, cameraId: string) {
  const recorder = await findRecorder(db, cloudId, smartNvrId);
  if (!recorder) throw errors.notFound('No such smart NVR in this cloud.');
  if (!recorder.online) throw errors.conflict('The recorder is offline.');
  const camera = await getCamera(db, cloudId, smartNvrId, cameraId);
  if (!camera) throw errors.notFound('No such camera on this recorder.');
  return { recorder, camera };
}

/** The path of the recorder's media service that a view's file is (docs/streaming.md#the-recorders-media-service). */
function recorderPath(view: View, file: string): string | null {
  const base = `/cameras/${encodeURIComponent(view.cameraId)}/${view.stream}`;
  const range = () =>
    `from=${encodeURIComponent(view.rangeFrom?.toISOString() ?? '')}&to=${encodeURIComponent(view.rangeTo?.toISOString() ?? '')}`;
  if (file === 'snapshot.png') return view.kind === 'export' ? null : `${base}/snapshot.png`;
  if (view.kind === 'export') return file === 'clip.ts' ? `${base}/clip.ts?${range()}` : null;
  if (file === 'live.m3u8') return view.kind === 'live' ? `${base}/live.m3u8` : null;
  if (file === 'playback.m3u8') return view.kind === 'playback' ? `${base}/playback.m3u8?${range()}` : null;
  const segment = /^(\d{1,15})\.ts$/.exec(file);
  if (!segment) return null;
  const sequence = Number(segment[1]);
  // A live view reaches only the last minutes, a playback only its range.
  const [first, last] =
    view.kind === 'live'
      ? [segmentAt(Date.now()) - 60, segmentAt(Date.now())]
      : [segmentAt(view.rangeFrom?.getTime() ?? 0), segmentAt((view.rangeTo?.getTime() ?? 0) - 1)];
  if (sequence < first || sequence > last) return null;
  return `${base}/segments/${sequence}.ts`;
}

/** The content type each file must have; anything else the recorder sends is not passed on. */
const expectedType = (file: string) =>
  file.endsWith('.m3u8')
    ? 'application/vnd.apple.mpegurl'
    : file.endsWith('.png')
      ? 'image/png'
      : 'video/mp2t';

const safeName = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'camera';

export function streamingRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.post(
      '/smartnvrs/:smartNvrId/cameras/:cameraId/views',
      {
        schema: {
          tags: ['streaming'],
          operationId: 'startStreamView',
          summary:
            "Starts a live view or a playback of a camera's recorded footage: signed URLs bound to the caller's " +
            'session, recorded in the video access log',
          params: CameraParams,
          body: StartViewBody,
          response: { 201: StreamView, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId, smartNvrId, cameraId } = request.params;
        const { kind, stream, from, to } = request.body;
        const membership = membershipOf(request);
        let rangeFrom: Date | null = null;
        let rangeTo: Date | null = null;
        if (kind === 'playback') {
          if (!from || !to) throw rangeIssue(from ? '/to' : '/from', 'A playback needs a start and an end.');
          const refused = playbackRangeProblem(Date.parse(from), Date.parse(to), Date.now());
          if (refused) throw rangeIssue('/to', RANGE_PROBLEM_TEXT[refused]);
          rangeFrom = new Date(from);
          rangeTo = new Date(to);
        } else if (from || to) throw rangeIssue(from ? '/from' : '/to', 'A live view has no range.');
        const { recorder, camera } = await recorderAndCamera(db, cloudId, smartNvrId, cameraId);
        const video = await recorderServesVideo(db, recorder);
        const view = await startView(db, {
          cloudId,
          smartNvrId,
          cameraId,
          cameraName: camera.name,
          userId: personOf(membership).userId,
          sessionHash: sessionOf(request).idHash,
          kind,
          stream,
          rangeFrom,
          rangeTo,
        });
        const playlist = kind === 'live' ? 'live.m3u8' : 'playback.m3u8';
        return reply.code(201).send({
          id: view.id,
          kind,
          stream,
          mode: video ? 'video' : 'snapshots',
          info: camera[stream] ?? null,
          playlist_url: video ? signedUrl(view, playlist, viewEnd(view)) : null,
          snapshot_url: signedUrl(view, 'snapshot.png', viewEnd(view)),
          from: rangeFrom?.toISOString() ?? null,
          to: rangeTo?.toISOString() ?? null,
          idle_expiry_s: VIEW_IDLE_S,
        });
      },
    );

    app.delete(
      '/smartnvrs/:smartNvrId/views/:viewId',
      {
        schema: {
          tags: ['streaming'],
          operationId: 'endStreamView',
          summary: "Ends the caller's own view: its URLs stop working and the access log has its length",
          params: ViewParams,
          response: { 204: { type: 'null' }, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId, smartNvrId, viewId } = request.params;
        const view = await findView(db, cloudId, smartNvrId, viewId);
        if (!view || view.kind === 'export' || view.sessionHash !== sessionOf(request).idHash)
          throw errors.notFound();
        await endView(db, view);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/smartnvrs/:smartNvrId/cameras/:cameraId/exports',
      {
        schema: {
          tags: ['streaming'],
          operationId: 'exportClip',
          summary:
            'Exports a clip of 5 s to 1 h of recorded footage: a signed download URL for a short while, ' +
            'recorded in the video access log',
          params: CameraParams,
          body: ExportBody,
          response: { 201: ClipExport, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId, smartNvrId, cameraId } = request.params;
        const { stream, from, to } = request.body;
        const refused = clipRangeProblem(Date.parse(from), Date.parse(to), Date.now());
        if (refused) throw rangeIssue('/to', RANGE_PROBLEM_TEXT[refused]);
        const { recorder, camera } = await recorderAndCamera(db, cloudId, smartNvrId, cameraId);
        if (!(await recorderServesVideo(db, recorder)))
          throw errors.conflict('This recorder serves snapshots only: it has no video to export.');
        const view = await startView(db, {
          cloudId,
          smartNvrId,
          cameraId,
          cameraName: camera.name,
          userId: personOf(membershipOf(request)).userId,
          sessionHash: sessionOf(request).idHash,
          kind: 'export',
          stream,
          rangeFrom: new Date(from),
          rangeTo: new Date(to),
        });
        const exp = epochS(Date.now()) + EXPORT_URL_TTL_S;
        const stamp = new Date(from).toISOString().slice(0, 19).replace(/:/g, '-');
        return reply.code(201).send({
          id: view.id,
          download_url: signedUrl(view, 'clip.ts', exp),
          file_name: `${safeName(recorder.name)}_${safeName(camera.name)}_${stamp}.ts`,
          expires_at: new Date(exp * 1000).toISOString(),
        });
      },
    );

    app.get(
      '/smartnvrs/:smartNvrId/media/:viewId/:file',
      {
        schema: {
          tags: ['streaming'],
          operationId: 'getStreamMedia',
          summary:
            "One file of a view (playlist, segment, snapshot, clip) by its signed URL, for the view's own " +
            'session and user while the view lasts; rights are checked again on every request',
          params: MediaParams,
          querystring: MediaQuery,
          response: {
            200: Type.Unsafe<string>({
              type: 'string',
              format: 'binary',
              description: 'an HLS playlist, an MPEG-TS segment or clip, or a PNG snapshot',
            }),
            ...signedInErrors,
          },
        },
      },
      async (request, reply) => {
        const { cloudId, smartNvrId, viewId, file } = request.params;
        const { exp, sig } = request.query;
        const membership = membershipOf(request);
        const session = sessionOf(request);
        if (!validSignature(viewId, file, exp, sig))
          throw errors.forbidden('This video link has expired or is not valid. Start the view again.');
        const view = await findView(db, cloudId, smartNvrId, viewId);
        if (!view || view.sessionHash !== session.idHash || view.userId !== membership.userId)
          throw errors.forbidden('This video link belongs to another session.');
        const now = Date.now();
        const idle = view.kind !== 'export' && now - view.lastSeenAt.getTime() > VIEW_IDLE_S * 1000;
        if (view.endedAt || idle || now > view.startedAt.getTime() + VIEW_MAX_S * 1000)
          throw errors.forbidden('This view has ended. Start it again.');
        // The recorder is still the cloud's and the caller still a member (the cloud scope checked it).
        const recorder = await findRecorder(db, cloudId, smartNvrId);
        if (!recorder) throw errors.notFound('No such smart NVR in this cloud.');
        const path = recorderPath(view, file);
        if (!path) throw errors.notFound('No such media for this view.');
        await touchView(db, view);
        const abort = new AbortController();
        // The viewer went away before the answer was sent (a player abandons a segment): the recorder stops too.
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished) abort.abort();
        });
        const answer = await recorderGet(db, recorder, path, abort.signal);
        if (answer.status !== 200) {
          await answer.body.cancel().catch(() => undefined);
          if (answer.status === 404) throw errors.notFound('The recorder has no footage for that time.');
          if (answer.status === 400) throw errors.conflict('The recorder refused the range.');
          throw errors.unavailable('The recorder could not serve this media.');
        }
        const type = expectedType(file);
        if ((answer.headers['content-type'] ?? '').split(';')[0]?.trim() !== type) {
          await answer.body.cancel().catch(() => undefined);
          throw errors.unavailable('The recorder sent media of the wrong type.');
        }
        return sendMedia(reply, view, file, type, answer);
      },
    );

    app.get(
      '/smartnvrs/:smartNvrId/video-access',
      {
        config: { permission: 'manage_users' },
        schema: {
          tags: ['streaming'],
          operationId: 'listVideoAccess',
          summary:
            "The recorder's video access log, newest first: who watched or exported which camera, when and " +
            'for how long (owners and administrators)',
          params: RecorderParams,
          querystring: VideoAccessQuery,
          response: { 200: VideoAccessPage, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, smartNvrId } = request.params;
        if (!(await findRecorder(db, cloudId, smartNvrId)))
          throw errors.notFound('No such smart NVR in this cloud.');
        return videoAccessPage(db, cloudId, smartNvrId, request.query, VIEW_IDLE_S);
      },
    );
  };
}

async function sendMedia(
  reply: FastifyReply,
  view: View,
  file: string,
  type: string,
  answer: { headers: Record<string, string>; body: ReadableStream<Uint8Array> },
) {
  reply.header('content-type', type);
  reply.header('x-content-type-options', 'nosniff');
  if (file.endsWith('.m3u8')) {
    const playlist = await readText(answer.body);
    const live = view.kind === 'live';
    // A live view's segments are fetched at once; a playback's over the range's length.
    const rangeS = epochS((view.rangeTo?.getTime() ?? 0) - (view.rangeFrom?.getTime() ?? 0));
    const exp = live
      ? epochS(Date.now()) + SEGMENT_URL_TTL_S
      : Math.min(viewEnd(view), epochS(Date.now()) + rangeS + SEGMENT_URL_TTL_S * 5);
    const rewritten = rewritePlaylist(playlist, (sequence) => signedUrl(view, `${sequence}.ts`, exp));
    if (rewritten === null)
      throw errors.unavailable('The recorder sent a playlist the console does not pass on.');
    reply.header('cache-control', 'no-store');
    return reply.send(rewritten);
  }
  if (file !== 'clip.ts') {
    // A segment or snapshot is small: it goes out whole, with its length, as a player expects.
    reply.header('cache-control', file.endsWith('.png') ? 'no-store' : 'private, max-age=600');
    return reply.send(await readAll(answer.body));
  }
  const length = Number(answer.headers['content-length']);
  if (Number.isSafeInteger(length) && length >= 0) reply.header('content-length', String(length));
  reply.header('cache-control', 'no-store');
  const stamp = view.rangeFrom?.toISOString().slice(0, 19).replace(/:/g, '-') ?? 'clip';
  reply.header('content-disposition', `attachment; filename="${safeName(view.cameraName)}_${stamp}.ts"`);
  // A clip of up to an hour streams through as the recorder sends it.
  return reply.send(Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream<Uint8Array>));
}
