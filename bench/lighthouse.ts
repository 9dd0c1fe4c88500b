/**
 * Lighthouse on the production build (README.md#lighthouse): the public pages and the signed-in
 * dashboard home, mobile and desktop, served by the product started as `npm run start` does, with
 * and without a gzip proxy in front. Prints the four category scores and the lab Web Vitals.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { DEMO_LOGINS } from '../apps/server/src/db/seed/demo-logins';
import { type ProductProcess, startProductProcess } from '../apps/server/test/product-process';
import { waitUntilQuiet } from './lib/group-cpu';
import { startGzipProxy } from './lib/gzip-proxy';

const root = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    pages: { type: 'string', default: 'home,login,price,blog-post,dashboard' },
    'form-factor': { type: 'string', default: 'mobile,desktop' },
    // The server compresses its answers itself, so the gzip proxy only compares with a build that did not.
    serve: { type: 'string', default: 'direct' },
    'web-dist': { type: 'string', default: join(root, 'apps/web/dist') },
    chrome: { type: 'string', default: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
    runs: { type: 'string', default: '1' },
    // The longest wait, in seconds, for the fresh product to go quiet before the first run (0: none).
    settle: { type: 'string', default: '180' },
    // A folder for each run's full Lighthouse report (JSON): requests, main-thread tasks, audits.
    out: { type: 'string' },
  },
});

const PAGES = args.pages.split(',');
const FORM_FACTORS = args['form-factor'].split(',') as ('mobile' | 'desktop')[];
const SERVES = args.serve.split(',') as ('direct' | 'gzip')[];
const RUNS = Number(args.runs);
const OUT = args.out ? resolve(args.out) : undefined;
if (OUT) mkdirSync(OUT, { recursive: true });
const WEB_DIST = resolve(args['web-dist']);
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

if (!existsSync(join(WEB_DIST, 'index.html'))) throw new Error(`${WEB_DIST} has no build: run \`npm run build\` first`);

/** The product as `npm run start -w @fairway/server` runs it: production, a fresh data folder (demo club). */
async function startProduct(): Promise<ProductProcess> {
  const product = await startProductProcess({ dataDirPrefix: 'fairway-lighthouse-', env: { WEB_DIST } });
  try {
    await product.healthy;
  } catch (error) {
    await product.stop();
    throw error;
  }
  return product;
}

/** The owner's session, stored as the web app stores it after a login (apps/web/src/features/auth/lib/session.ts). */
async function signIn(url: string): Promise<Record<string, string>> {
  const owner = DEMO_LOGINS.find((login) => login.role === 'Owner');
  if (!owner) throw new Error('No demo owner');
  const res = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  if (!res.ok) throw new Error(`Login failed: ${res.status} ${await res.text()}`);
  const { data: session } = (await res.json()) as { data: { accessToken: string; refreshToken: string; user: unknown } };
  return { accessToken: session.accessToken, refreshToken: session.refreshToken, userData: JSON.stringify(session.user) };
}

/**
 * A build with its SSR bundle has the server render a post's page on its first visit, which gets
 * the app's shell meanwhile (docs/web-app.md#blog-posts-rendered-by-the-server): measured once
 * it is rendered, as a reader after the first one gets it.
 */
async function renderedByServer(url: string, path: string): Promise<void> {
  if (!existsSync(join(WEB_DIST, 'prerendered/ssr/prerender.js'))) return;
  const deadline = Date.now() + 180_000;
  while (!(await (await fetch(`${url}${path}`)).text()).includes('data-prerendered="sv"')) {
    if (Date.now() > deadline) throw new Error(`${path} was not rendered by the server within 3 minutes`);
    await new Promise((done) => setTimeout(done, 500));
  }
}

async function pagePath(page: string, url: string): Promise<string> {
  switch (page) {
    case 'home':
      return '/';
    case 'login':
      return '/login';
    case 'price':
      return '/price';
    case 'dashboard':
      return '/dashboard';
    case 'blog-post': {
      const { data: posts } = (await (await fetch(`${url}/api/v1/landing_page/blog?limit=1`)).json()) as {
        data: { id: string; slug: string }[];
      };
      if (!posts[0]) throw new Error('The blog has no post');
      const path = `/blog-details/${posts[0].id}/${posts[0].slug}`;
      await renderedByServer(url, path);
      return path;
    }
    default:
      return page.startsWith('/') ? page : `/${page}`;
  }
}

interface Row {
  serve: string;
  page: string;
  formFactor: string;
  run: number;
  scores: Record<string, number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  requests: number;
  transferKb: number;
  benchmarkIndex: number;
  load: string;
  /** Lighthouse's own error code when the run gave no figures (NO_FCP on a starved machine). */
  error?: string;
}

/**
 * One Lighthouse run in its own Chrome (a fresh profile: empty cache and storage). The dashboard's
 * session is written into localStorage from a JSON answer of the same origin first (nothing of
 * the app loaded, so nothing cached), and Lighthouse is told to keep the origin's storage.
 */
async function audit(url: string, formFactor: 'mobile' | 'desktop', session?: Record<string, string>): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath: args.chrome, chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    if (session) {
      await page.goto(new URL('/api/health', url).href);
      await page.evaluate((values) => {
        for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
      }, session);
    }
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: Boolean(session),
      // A loaded machine (other work on the same cores) can take far longer than the defaults.
      maxWaitForFcp: 120_000,
      maxWaitForLoad: 180_000,
    };
    const config = formFactor === 'desktop' ? desktopConfig : undefined;
    const result = await lighthouse(url, flags, config, page);
    await browser.disconnect();
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
    // A dashboard whose session was refused ends on the login page: not the page meant.
    if (new URL(result.lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`${url} ended on ${result.lhr.finalDisplayedUrl}`);
    }
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

function row(serve: string, page: string, formFactor: string, run: number, lhr: Result): Row {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0;
  return {
    serve,
    page,
    formFactor,
    run,
    scores: Object.fromEntries(Object.entries(lhr.categories).map(([id, c]) => [id, Math.round((c.score ?? 0) * 100)])),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    si: numeric('speed-index'),
    requests,
    transferKb: numeric('total-byte-weight') / 1024,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    load: load(),
  };
}

/** `direct-dashboard-desktop-1.json`: one file per run in `--out`. */
function reportName(serve: string, path: string, formFactor: string, run: number): string {
  const page = path === '/' ? 'home' : path.startsWith('/blog-details') ? 'blog-post' : path.slice(1).replaceAll('/', '_');
  return `${serve}-${page}-${formFactor}-${run}.json`;
}

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const HEADER = [
  '| served | page | device | performance | accessibility | best practices | SEO | FCP | LCP | TBT ms | CLS | speed index | requests | transfer KB | benchmark index | load average |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
];

function tableRow(r: Row): string {
  const page = r.page.startsWith('/blog-details') ? 'blog post' : r.page;
  if (r.error) return `| ${r.serve} | ${page} | ${r.formFactor} | ${r.error} |||||||||||| ${r.load} |`;
  return `| ${r.serve} | ${page} | ${r.formFactor} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${s(r.fcp)} | ${s(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${s(r.si)} | ${r.requests} | ${Math.round(r.transferKb)} | ${Math.round(r.benchmarkIndex)} | ${r.load} |`;
}

if (!existsSync(args.chrome)) {
  console.error(`No Chrome at ${args.chrome}: run e2e/scripts/ensure-chromium.sh (Debian's chromium) or pass --chrome PATH.`);
  process.exit(1);
}
console.log(`lighthouse: ${WEB_DIST}, pages ${PAGES.join(', ')}, ${FORM_FACTORS.join(' + ')}, served ${SERVES.join(' + ')}`);
console.log(`load average at the start: ${load()}`);
const product = await startProduct();
// A freshly seeded product keeps a core busy for a while after its health check (the demo's first
// refresh and GIT sync): the runs wait until it is quiet, as a server in use mostly is.
const settle = Number(args.settle);
if (settle > 0 && product.child.pid) {
  const quiet = await waitUntilQuiet(product.child.pid, { maxMs: settle * 1000 });
  if (quiet)
    console.log(
      `the product ${quiet.quiet ? 'went quiet' : 'was still busy'} after ${(quiet.waitedMs / 1000).toFixed(0)} s ` +
        `(${(quiet.share * 100).toFixed(0)} % of a core over the last 5 s); load average ${load()}`,
    );
}
// Ctrl-C stops the product too (it runs in its own process group).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void product.stop().finally(() => process.exit(130)));
}
const rows: Row[] = [];
console.log(HEADER.join('\n'));
try {
  for (const serve of SERVES) {
    const proxy = serve === 'gzip' ? await startGzipProxy(product.url) : undefined;
    const base = proxy?.url ?? product.url;
    try {
      for (const page of PAGES) {
        const path = await pagePath(page, product.url);
        for (const formFactor of FORM_FACTORS) {
          for (let run = 1; run <= RUNS; run++) {
            const session = page === 'dashboard' ? await signIn(product.url) : undefined;
            let r: Row;
            try {
              const lhr = await audit(`${base}${path}`, formFactor, session);
              if (OUT) writeFileSync(join(OUT, reportName(serve, path, formFactor, run)), JSON.stringify(lhr));
              r = row(serve, path, formFactor, run, lhr);
            } catch (error) {
              const message = error instanceof Error ? error.message : String(error);
              const code = /\(([A-Z_]+)\)/.exec(message)?.[1] ?? message.slice(0, 80);
              r = {
                serve,
                page: path,
                formFactor,
                run,
                scores: {},
                fcp: 0,
                lcp: 0,
                tbt: 0,
                cls: 0,
                si: 0,
                requests: 0,
                transferKb: 0,
                benchmarkIndex: 0,
                load: load(),
                error: code,
              };
            }
            rows.push(r);
            console.log(tableRow(r));
          }
        }
      }
    } finally {
      await proxy?.close();
    }
  }
} finally {
  await product.stop();
}

console.log(`\nload average at the end: ${load()}\n`);
console.log('All runs:');
console.log(HEADER.join('\n'));
for (const r of rows) console.log(tableRow(r));
