import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  InboxResponse,
  MarkInboxReadBody,
  NewsletterBody,
  NewsletterResponse,
  PublicPostsResponse,
} from '../../../core/api/news.ts';
import { actorOf } from '../../audit/record.ts';
import { sessionUserId } from '../../auth/request-auth.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/connect.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { signedInErrors } from '../../http-schemas.ts';
import { presentInbox, presentPost } from './presenters.ts';
import {
  listInboxPosts,
  listPublicPosts,
  markAllInboxPostsRead,
  markInboxPostRead,
  setNewsletter,
} from './repository.ts';

const tags = ['news'];

async function inbox(db: Database, userId: number) {
  return presentInbox(await listInboxPosts(db, userId, new Date()));
}

/** Inbox and public blog posts, newsletter subscription (docs/api.md#the-calls). */
export function newsRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/user/inbox-blog-posts',
      {
        schema: {
          summary: "The caller's inbox of news posts, with which are read",
          tags,
          response: { 200: InboxResponse, ...signedInErrors },
        },
      },
      async (request) => inbox(db, sessionUserId(request)),
    );

    app.post(
      '/user/inbox-blog-posts',
      {
        schema: {
          summary: 'Mark one inbox post, or all of them, as read',
          tags,
          body: MarkInboxReadBody,
          response: { 200: InboxResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const userId = sessionUserId(request);
        const { uuid, all } = request.body;
        if ((uuid === undefined) === (all === undefined)) {
          throw errors.validation([
            { errorCode: 'oneOf', location: 'body', path: '/', message: 'Give either uuid or all.' },
          ]);
        }
        if (all) await markAllInboxPostsRead(db, userId, new Date());
        else if (uuid && !(await markInboxPostRead(db, userId, uuid, new Date()))) {
          throw errors.notFound('No such post.');
        }
        return inbox(db, userId);
      },
    );

    app.get(
      '/blog-posts',
      {
        config: { public: true },
        schema: {
          summary: 'The public news posts',
          tags,
          security: [],
          response: { 200: PublicPostsResponse, 400: ErrorSchemas.validation },
        },
      },
      async () => ({ posts: (await listPublicPosts(db, new Date())).map(presentPost) }),
    );

    app.post(
      '/user/newsletter',
      {
        schema: {
          summary: 'Subscribe the caller to the newsletter, or unsubscribe them',
          tags,
          body: NewsletterBody,
          response: { 200: NewsletterResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const { subscribe } = request.body;
        await setNewsletter(db, { ...actorOf(request), userId: sessionUserId(request) }, subscribe);
        return { subscribe };
      },
    );
  };
}
