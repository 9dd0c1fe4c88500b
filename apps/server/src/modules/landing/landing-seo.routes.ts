import { PUBLIC_PAGE_PATHS } from '@fairway/shared';
import type { FastifyPluginAsync } from 'fastify';
import { listPublishedPostsForSitemap } from '../help/help.repository';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

/** Search engines fetch these often; an hour keeps them fresh enough after a new post. */
const CACHE = 'public, max-age=3600';

/**
 * `/sitemap.xml` and `/robots.txt` at the site's root (not under /api/v1: crawlers look for them
 * there). The sitemap lists the public pages and every published blog post of the server's brand.
 */
export const landingSeoRoutes: FastifyPluginAsync = async (app) => {
  const origin = app.config.PUBLIC_URL;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) => {
    const body = [
      'User-agent: *',
      // The dashboard is behind a login and the API is not for crawlers; the rest is public.
      'Disallow: /dashboard',
      'Disallow: /api/',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
    return reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(body);
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const posts = await listPublishedPostsForSitemap(app.db, app.config.BRAND);
    const urls = [
      ...PUBLIC_PAGE_PATHS.map((path) => `  <url><loc>${xml(origin + path)}</loc></url>`),
      // The Swedish slug is the canonical one (Swedish is the default language).
      ...posts.map((post) => {
        const lastModified = post.publishedAt > post.updatedAt ? post.publishedAt : post.updatedAt;
        const loc = xml(`${origin}/blog-details/${post.id}/${post.slugSv}`);
        return `  <url><loc>${loc}</loc><lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod></url>`;
      }),
    ];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls,
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', CACHE).send(body);
  });
};
