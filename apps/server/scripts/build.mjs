// The production builds, each skipped when its inputs have not changed (build-inputs.mjs):
//   web     `vite build` of apps/web, its public pages prerendered into it (apps/web/scripts/
//           prerender.mjs), then a .br and a .gz beside every text file of it, which the server's
//           static handler sends as they are (plugins/static.ts)
//   server  apps/server/src bundled by esbuild into apps/server/dist/{main,worker}.js, so the
//           production process runs JavaScript, not TypeScript through tsx
//
//   node apps/server/scripts/build.mjs [web] [server] [--force]    (`npm run build`: both)
// See docs/operations.md#builds.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { BUILDS, clearStamp, inputsHash, isCurrent, ROOT, writeStamp } from './build-inputs.mjs';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Text files worth compressing; images, fonts and video are compressed already, and source maps,
 * which only developer tools fetch, are compressed on the fly (plugins/compression.ts).
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

async function filesUnder(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) out.push(path.join(entry.parentPath ?? entry.path, entry.name));
  }
  return out;
}

/** What the server reads itself and never sends: the SSR bundle and Vite's manifests (scripts/prerender.mjs). */
const notSent = (dir, file) => {
  const relative = path.relative(dir, file).split(path.sep).join('/');
  return relative.startsWith('prerendered/') && !relative.endsWith('.html');
};

/** Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip -9) beside every compressible file. */
export async function precompress(dir) {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f) && !notSent(dir, f));
  let saved = 0;
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const data = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gz(data, { level: 9 }),
      ]);
      // A copy that is not smaller is left out: the static handler then sends the file itself.
      if (br.length < data.length) await writeFile(`${file}.br`, br);
      if (gzipped.length < data.length) await writeFile(`${file}.gz`, gzipped);
      saved += data.length - br.length;
    }),
  );
  return { files: files.length, saved };
}

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(args[0] ?? command)} failed (${signal ?? code})`)),
    );
  });
}

async function buildWeb() {
  const webDir = path.join(ROOT, 'apps/web');
  const vitePackage = createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json');
  const vite = path.join(path.dirname(vitePackage), 'bin/vite.js');
  await run(process.execPath, [vite, 'build'], webDir);
  // The public pages prerendered into the build (docs/web-app.md#prerendered-pages): a server
  // bundle of the app, run once per brand, and kept in the build for the blog posts the server
  // renders (apps/server/src/modules/help/blog-pages.ts).
  const dist = path.join(ROOT, BUILDS.web.output);
  const ssrDir = path.join(dist, 'prerendered/ssr');
  await run(process.execPath, [vite, 'build', '--ssr', 'src/prerender.tsx', '--outDir', ssrDir, '--emptyOutDir'], webDir);
  await run(process.execPath, ['scripts/prerender.mjs', path.join(ssrDir, 'prerender.js'), dist], webDir);
  await precompress(path.join(ROOT, BUILDS.web.output));
}

/**
 * The import as Node's ESM loader accepts it: a deep import into a package without an `exports`
 * map (`nodemailer/lib/smtp-pool`) names its file (`nodemailer/lib/smtp-pool/index.js`), which
 * tsx resolved as CommonJS does.
 */
function nodeImportPath(specifier, resolveDir) {
  const match = /^((?:@[^/]+\/)?[^/]+)\/(.+)$/.exec(specifier);
  if (!match || specifier.startsWith('node:')) return specifier;
  const [, name] = match;
  const require = createRequire(path.join(resolveDir, 'index.js'));
  let manifest;
  try {
    manifest = require.resolve(`${name}/package.json`);
  } catch {
    // A package that does not expose its package.json has an `exports` map: Node resolves it.
    return specifier;
  }
  const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
  if (pkg.exports) return specifier;
  const file = require.resolve(specifier);
  return `${name}/${path.relative(path.dirname(manifest), file).split(path.sep).join('/')}`;
}

/**
 * Every bare import stays an import of node_modules at run time, but the workspace packages
 * (`@fairway/shared`, TypeScript source) are bundled. And `import.meta.url` keeps meaning the
 * source file's own address, relative to the bundle: the files found beside a source file at
 * run time (migrations, the PGlite worker, help media, the web build, JSON contracts) are read
 * from where they are in the repository, exactly as under tsx.
 */
const serverPlugin = {
  name: 'fairway-server',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@fairway/')) return undefined;
      return { path: nodeImportPath(args.path, args.resolveDir), external: true };
    });
    const outdir = path.join(ROOT, BUILDS.server.output);
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      if (contents.includes('import.meta.url')) {
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        contents = contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`);
      }
      return { contents, loader: 'ts' };
    });
  },
};

async function buildServer() {
  const require = createRequire(path.join(ROOT, 'apps/server/package.json'));
  const esbuild = await import(pathToFileURL(require.resolve('esbuild')).href);
  // Built into a folder of its own, then put in place whole: no chunk of an earlier build lingers
  // (chunk names change with their contents), and a server starting meanwhile sees one build.
  const outdir = path.join(ROOT, BUILDS.server.output);
  const building = `${outdir}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { main: 'apps/server/src/main.ts', worker: 'apps/server/src/worker.ts' },
    outdir: building,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Stack traces in the log can be mapped back to the TypeScript source.
    sourcemap: true,
    logLevel: 'warning',
    plugins: [serverPlugin],
  });
  rmSync(outdir, { recursive: true, force: true });
  try {
    renameSync(building, outdir);
  } catch (error) {
    // Another start built the same inputs at the same moment and put its build in place first.
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(path.join(ROOT, BUILDS.server.required))) throw error;
  }
}

const BUILDERS = { web: buildWeb, server: buildServer };

/**
 * Builds `name` unless its output is current; returns whether it built.
 * @param {'web' | 'server'} name
 * @param {{ force?: boolean, log?: (line: string) => void }} [options]
 */
export async function ensureBuilt(name, { force = false, log = console.log } = {}) {
  const build = BUILDS[name];
  const hash = inputsHash(build);
  if (!force && isCurrent(build, hash)) {
    log(`${name}: build is current, skipped`);
    return false;
  }
  const started = performance.now();
  clearStamp(build);
  await BUILDERS[name]();
  writeStamp(build, hash);
  log(`${name}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const names = args.filter((a) => a in BUILDERS);
  try {
    for (const name of names.length ? names : ['web', 'server']) await ensureBuilt(name, { force });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
