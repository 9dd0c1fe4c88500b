import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from '../../plugins/error-handler';

/** apps/server/media: the video guides, their posters and tracks, and the dashboard screenshots. */
export const MEDIA_DIR = fileURLToPath(new URL('../../../media', import.meta.url));

/**
 * Serves the help media the product ships with at /media/… (outside the API: browsers fetch them
 * with `<video>`, `<track>` and `<img>`, which send no token). @fastify/static answers Range requests
 * with 206 so a video can be sought before it is fully loaded, and sets the content type from the
 * extension (video/webm, text/vtt, image/jpeg, image/webp). The names are not hashed, so caches
 * revalidate after an hour. A missing file is a plain 404, never the web app's index.html.
 */
export async function helpMediaRoutes(app: FastifyInstance): Promise<void> {
  await app.register(
    async (media) => {
      await media.register(fastifyStatic, {
        root: MEDIA_DIR,
        prefix: '/',
        // The web app's static plugin decorates the reply; this one must not do it twice.
        decorateReply: false,
        index: false,
        redirect: false,
        dotfiles: 'deny',
        cacheControl: false,
        setHeaders: (res) => {
          res.setHeader('cache-control', 'public, max-age=3600');
        },
      });
      media.setNotFoundHandler((request, reply) => sendNotFound(request, reply));
    },
    { prefix: '/media' },
  );
}

export const mediaPath = (...parts: string[]) => path.join(MEDIA_DIR, ...parts);
