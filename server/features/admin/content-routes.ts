import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminNewsPostList,
  AdminNewsPostSchema,
  AdminNewsQuery,
  AdminVideoList,
  AdminVideoSchema,
  NewsPostBody,
  NewsPostParams,
  NewsPostPatch,
  VideoBody,
  VideoParams,
  VideoPatch,
} from '../../../core/api/admin.ts';
import { actorOf } from '../../audit/record.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { Ok, signedInErrors } from '../../http-schemas.ts';
import {
  createNewsPost,
  deleteNewsPost,
  listNewsPosts,
  setNewsPostPublished,
  updateNewsPost,
} from './news-repository.ts';
import { createVideo, deleteVideo, listVideos, updateVideo } from './videos-repository.ts';

const tags = ['admin'];

function found<T>(value: T | null | false): T {
  if (value === null || value === false) throw errors.notFound();
  return value;
}

/** Latest News posts: drafts, published posts and public posts (the news panel shows published ones). */
export function newsPostRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/news-posts',
      {
        schema: {
          tags,
          summary: 'One page of every post, drafts first, then the published newest first',
          querystring: AdminNewsQuery,
          response: { 200: AdminNewsPostList, ...signedInErrors },
        },
      },
      async (request) => listNewsPosts(db, request.query),
    );

    app.post(
      '/news-posts',
      {
        schema: {
          tags,
          summary: 'Writes a post as a draft',
          body: NewsPostBody,
          response: { 200: AdminNewsPostSchema, ...signedInErrors },
        },
      },
      async (request) => createNewsPost(db, request.body, actorOf(request), new Date()),
    );

    app.patch(
      '/news-posts/:uuid',
      {
        schema: {
          tags,
          summary: 'Changes the fields given of a post',
          params: NewsPostParams,
          body: NewsPostPatch,
          response: { 200: AdminNewsPostSchema, ...signedInErrors },
        },
      },
      async (request) =>
        found(await updateNewsPost(db, request.params.uuid, request.body, actorOf(request), new Date())),
    );

    for (const [action, publish] of [
      ['publish', true],
      ['unpublish', false],
    ] as const) {
      app.post(
        `/news-posts/:uuid/${action}`,
        {
          schema: {
            tags,
            summary: publish
              ? 'Publishes the post now: the news panel (or the public posts) show it'
              : 'Takes the post back to a draft: nobody sees it any more',
            params: NewsPostParams,
            response: { 200: AdminNewsPostSchema, ...signedInErrors },
          },
        },
        async (request) =>
          found(await setNewsPostPublished(db, request.params.uuid, publish, actorOf(request), new Date())),
      );
    }

    app.delete(
      '/news-posts/:uuid',
      {
        schema: {
          tags,
          summary: 'Deletes the post',
          params: NewsPostParams,
          response: { 200: Ok, ...signedInErrors },
        },
      },
      async (request) => {
        found(await deleteNewsPost(db, request.params.uuid, actorOf(request)));
        return { ok: true as const };
      },
    );
  };
}

/** Promotional videos: the active ones are offered in the promotional video dialog. */
export function videoRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/videos',
      {
        schema: {
          tags,
          summary: 'Every promotional video, oldest first',
          response: { 200: AdminVideoList, ...signedInErrors },
        },
      },
      async () => ({ videos: await listVideos(db) }),
    );

    app.post(
      '/videos',
      {
        schema: {
          tags,
          summary: 'Adds a video (active unless told)',
          body: VideoBody,
          response: { 200: AdminVideoSchema, ...signedInErrors },
        },
      },
      async (request) => createVideo(db, request.body, actorOf(request)),
    );

    app.patch(
      '/videos/:id',
      {
        schema: {
          tags,
          summary: 'Changes the fields given of a video, turning it on or off among them',
          params: VideoParams,
          body: VideoPatch,
          response: { 200: AdminVideoSchema, ...signedInErrors },
        },
      },
      async (request) => found(await updateVideo(db, request.params.id, request.body, actorOf(request))),
    );

    app.delete(
      '/videos/:id',
      {
        schema: {
          tags,
          summary: 'Deletes the video',
          params: VideoParams,
          response: { 200: Ok, ...signedInErrors },
        },
      },
      async (request) => {
        found(await deleteVideo(db, request.params.id, actorOf(request)));
        return { ok: true as const };
      },
    );
  };
}
