import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BlogPost, type Brand, DEFAULT_LANG } from '@fairway/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { deleteBlogPostPages, findBlogPostPage, saveBlogPostPage } from './help.repository';
import { blogPostFor } from './help.service';

/**
 * Blog posts rendered on the server (docs/web-app.md#blog-posts-rendered-by-the-server): the
 * page of `/blog-details/{id}/{slug}` is sent with the post in its HTML, as the build's
 * prerendered pages are, though the post lives in the database. The web build keeps its SSR
 * bundle (apps/web/dist/prerendered/ssr); a short-lived Node process runs it
 * (apps/web/scripts/prerender.mjs `--blog-posts`), so React's server renderer never stays in this
 * process' memory nor runs on its event loop. The page is kept in `blog_post_pages` with its
 * version: the build and the post's public answer, hashed. Each request reads the published post
 * and sends the page only while its version is the post's now, so an edited, unpublished or
 * deleted post is never sent stale: the app's shell goes instead, as before, and a render of the
 * current post is asked for. A failed render is logged and leaves the shell.
 */

/** The language the pages are rendered in, as the build's (src/prerender.tsx PRERENDER_LANG). */
const PAGE_LANG = DEFAULT_LANG;

const PAGE_PATH = /^\/blog-details\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([^/?#]+)\/?$/i;

/** Run with `--blog-posts <dist>`; read from the repository, where the server runs from. */
const RENDER_SCRIPT = fileURLToPath(new URL('../../../../web/scripts/prerender.mjs', import.meta.url));
/** Where a web build keeps its SSR bundle (apps/web/scripts/prerender.mjs SSR_BUNDLE). */
const SSR_BUNDLE = 'prerendered/ssr/prerender.js';

/**
 * A render that has not answered by then is ended (its posts keep the shell). Generous: it is a
 * whole Node process loading the app on a busy machine, at a low priority.
 */
const RENDER_DEADLINE_MS = 180_000;
/** What a render's standard error keeps for the log. */
const STDERR_TAIL = 4_000;
/** Failed versions remembered, so a post that cannot be rendered is not tried on every visit. */
const MAX_FAILED = 1_000;

export interface BlogPages {
  /** The rendered page for this address when it is a published post's and current, else null. */
  pageFor(url: string): Promise<string | null>;
  /** Asks for the post's page to be rendered again (after it was saved or published). */
  refresh(postId: string): void;
  /** Resolves once no render is running or waiting. */
  settled(): Promise<void>;
  /** Ends a running render; nothing more is started. */
  close(): Promise<void>;
}

export interface BlogPagesOptions {
  db: Db;
  brand: Brand;
  /** The web build (config WEB_DIST). */
  webDist: string;
  log: FastifyBaseLogger;
}

type RenderResult = { id: string; build: string; html: string } | { id: string; error: string };

/** The post as GET blog/{id} answers it in the pages' language, or null when it is not published. */
async function publishedPost(db: Db, brand: Brand, id: string): Promise<BlogPost | null> {
  try {
    return await blogPostFor(db, brand, PAGE_LANG, id);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A page's version: the build it was rendered from and the post it shows. */
const versionOf = (build: string, post: BlogPost) => sha256(`${build}\n${JSON.stringify(post)}`);

/** Renders the posts in a process of its own; every post gets a result. */
function renderInChild(webDist: string, brand: Brand, posts: BlogPost[], onSpawn: (child: ChildProcess) => void) {
  return new Promise<RenderResult[]>((resolve) => {
    const results = new Map<string, RenderResult>();
    let stderr = '';
    // Only what the renderer needs: none of this process' secrets.
    const child = spawn(process.execPath, [RENDER_SCRIPT, '--blog-posts', webDist], {
      env: { PATH: process.env.PATH ?? '', PRERENDER_BRAND: brand, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    onSpawn(child);
    // Below the server's priority: on a busy machine the requests come first.
    if (child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {
        // Not allowed here: it runs at the server's priority.
      }
    }
    const deadline = setTimeout(() => child.kill('SIGKILL'), RENDER_DEADLINE_MS);
    deadline.unref();
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('message', (message: RenderResult) => results.set(message.id, message));
    const finish = (reason: string) => {
      clearTimeout(deadline);
      resolve(
        posts.map((post) => results.get(post.id) ?? { id: post.id, error: `${reason}${stderr ? `: ${stderr.trim()}` : ''}` }),
      );
    };
    child.once('error', (error) => finish(`the renderer did not start (${error.message})`));
    child.once('exit', (code, signal) => finish(`the renderer ended (${signal ?? code})`));
    child.send({ posts }, (error) => {
      if (error) child.kill('SIGKILL');
    });
  });
}

/** Blog pages off: no web build, or one without its SSR bundle (an older build, `vite build` alone). */
const OFF: BlogPages = {
  pageFor: async () => null,
  refresh: () => undefined,
  settled: async () => undefined,
  close: async () => undefined,
};

export function createBlogPages({ db, brand, webDist, log }: BlogPagesOptions): BlogPages {
  if (!existsSync(path.join(webDist, SSR_BUNDLE)) || !existsSync(RENDER_SCRIPT)) return OFF;

  const pending = new Set<string>();
  const failed = new Set<string>();
  let running: Promise<void> | null = null;
  let child: ChildProcess | null = null;
  let closed = false;

  /** The build being served: its index.html names every entry chunk's hash (as prerender.mjs hashes it). */
  const currentBuild = async () => sha256(await readFile(path.join(webDist, 'index.html'), 'utf8'));

  async function renderBatch(ids: string[]): Promise<void> {
    const found = await Promise.all(ids.map((id) => publishedPost(db, brand, id)));
    const posts = found.filter((post): post is BlogPost => post !== null);
    // Drafts and deleted posts: their old pages are never sent, nor kept.
    await deleteBlogPostPages(
      db,
      brand,
      ids.filter((_, i) => !found[i]),
    );
    if (!posts.length) return;
    const started = performance.now();
    const results = await renderInChild(webDist, brand, posts, (spawned) => {
      child = spawned;
    });
    child = null;
    const build = await currentBuild();
    for (const [i, result] of results.entries()) {
      const post = posts[i] as BlogPost;
      if ('html' in result) {
        await saveBlogPostPage(db, brand, { postId: post.id, version: versionOf(result.build, post), html: result.html });
      } else {
        if (failed.size >= MAX_FAILED) failed.clear();
        failed.add(versionOf(build, post));
        log.warn({ postId: post.id, error: result.error }, 'blog post page not rendered; the app renders it in the browser');
      }
    }
    log.info({ posts: posts.length, ms: Math.round(performance.now() - started) }, 'blog post pages rendered');
  }

  async function drain(): Promise<void> {
    while (pending.size && !closed) {
      const ids = [...pending];
      pending.clear();
      try {
        await renderBatch(ids);
      } catch (error) {
        log.warn({ err: error, postIds: ids }, 'blog post pages not rendered; the app renders them in the browser');
      }
    }
  }

  function refresh(postId: string): void {
    if (closed) return;
    pending.add(postId);
    running ??= drain().finally(() => {
      running = null;
    });
  }

  return {
    async pageFor(url) {
      const match = PAGE_PATH.exec(url);
      if (!match) return null;
      const [, id = '', slug = ''] = match;
      const post = await publishedPost(db, brand, id.toLowerCase());
      // Not published (anymore): the app's shell, which shows the 404 page as before. Another
      // slug (the English one, an old one): the shell, where the app goes to the right address.
      if (!post || safeDecode(slug) !== post.slug) return null;
      const [page, build] = await Promise.all([findBlogPostPage(db, brand, post.id), currentBuild()]);
      const version = versionOf(build, post);
      if (page?.version === version) return page.html;
      if (!failed.has(version)) refresh(post.id);
      return null;
    },
    refresh,
    async settled() {
      while (running) await running;
    },
    async close() {
      closed = true;
      pending.clear();
      child?.kill('SIGKILL');
      while (running) await running;
    },
  };
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** `app.blogPages`, for the web build the app serves; ended when the app closes. */
export const blogPagesPlugin = fp(
  async (app: FastifyInstance) => {
    const pages = createBlogPages({ db: app.db, brand: app.config.BRAND, webDist: app.config.WEB_DIST, log: app.log });
    app.decorate('blogPages', pages);
    app.addHook('onClose', () => pages.close());
  },
  { name: 'fairway-blog-pages', dependencies: ['fairway-database'] },
);
