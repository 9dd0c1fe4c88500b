import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILDS, type BuildSpec, clearStamp, inputsHash, isCurrent, writeStamp } from './build-inputs.mjs';

// The decision `npm start` takes before it builds (build.mjs): on a repository of a few files,
// built once; then one change at a time, and whether the build is still taken as current.

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

const ENV = { BRAND: 'fairway', PATH: '/usr/bin' };

/** Builds (a stand-in for the output) and stamps it, as ensureBuilt does. */
function build(spec: BuildSpec, env: Record<string, string> = ENV) {
  write(spec.required, 'built');
  writeStamp(spec, inputsHash(spec, { root, env }), { root });
}
const current = (spec: BuildSpec, env: Record<string, string> = ENV) =>
  isCurrent(spec, inputsHash(spec, { root, env }), { root });

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'fairway-build-inputs-'));
  write('package.json', '{"workspaces":[]}');
  write('package-lock.json', '{"packages":{"node_modules/react":{"version":"19.2.0"}}}');
  write('apps/web/package.json', '{"name":"@fairway/web"}');
  write('apps/web/index.html', '<div id="root"></div>');
  write('apps/web/vite.config.ts', 'export default {}');
  write('apps/web/src/main.tsx', 'render()');
  write('apps/web/src/main.test.tsx', 'test()');
  write('apps/web/src/locales/sv.json', '{"hello":"Hej"}');
  write('apps/web/public/favicon.svg', '<svg/>');
  write('apps/web/node_modules/x/index.js', 'x');
  write('packages/shared/package.json', '{}');
  write('packages/shared/src/index.ts', 'export const a = 1');
  write('apps/server/package.json', '{}');
  write('apps/server/src/main.ts', 'listen()');
  write('apps/server/src/db/migrations/0001_a.sql', 'create table a ();');
  write('apps/server/scripts/build.mjs', '// build');
  write('apps/server/scripts/build-inputs.mjs', '// inputs');
  build(BUILDS.web);
  build(BUILDS.server);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the web build', () => {
  it('is current when nothing changed', () => {
    expect(current(BUILDS.web)).toBe(true);
  });

  it.each([
    ['a source file', 'apps/web/src/main.tsx', 'render(<App />)'],
    ['a new source file', 'apps/web/src/features/new.tsx', 'export {}'],
    ['a locale file', 'apps/web/src/locales/sv.json', '{"hello":"Hejsan"}'],
    ['a public file', 'apps/web/public/favicon.svg', '<svg width="1"/>'],
    ['index.html', 'apps/web/index.html', '<div id="app"></div>'],
    ['the Vite configuration', 'apps/web/vite.config.ts', 'export default { build: {} }'],
    ['a package version', 'package-lock.json', '{"packages":{"node_modules/react":{"version":"19.2.1"}}}'],
    ["the web app's package.json", 'apps/web/package.json', '{"name":"@fairway/web","version":"2"}'],
    ['the shared package', 'packages/shared/src/index.ts', 'export const a = 2'],
    ['the build script', 'apps/server/scripts/build.mjs', '// build, changed'],
  ])('is rebuilt after a change of %s', (_what, file, text) => {
    write(file, text);
    expect(current(BUILDS.web)).toBe(false);
  });

  it('is rebuilt for another brand or another VITE_ variable', () => {
    expect(current(BUILDS.web, { ...ENV, BRAND: 'dubbelkoll' })).toBe(false);
    expect(current(BUILDS.web, { ...ENV, VITE_BRAND: 'fairway' })).toBe(false);
  });

  it('stays current when only tests, installed packages, its output or other variables change', () => {
    write('apps/web/src/main.test.tsx', 'test(2)');
    write('apps/web/node_modules/x/index.js', 'y');
    write('apps/web/dist/assets/index-abc.js', 'changed');
    expect(current(BUILDS.web, { ...ENV, PATH: '/bin', PORT: '4000' })).toBe(true);
  });

  it('is rebuilt when its output is gone, or its stamp', () => {
    rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(current(BUILDS.web)).toBe(false);

    build(BUILDS.web);
    clearStamp(BUILDS.web, { root });
    expect(current(BUILDS.web)).toBe(false);
  });
});

describe('the server build', () => {
  it('is rebuilt after a change of its sources or the shared package, not of the web app', () => {
    write('apps/web/src/main.tsx', 'render(<App />)');
    write('apps/server/src/db/migrations/0002_b.sql', 'create table b ();');
    expect(current(BUILDS.server)).toBe(true);

    write('packages/shared/src/index.ts', 'export const a = 3');
    expect(current(BUILDS.server)).toBe(false);
    build(BUILDS.server);
    write('apps/server/src/main.ts', 'listen(3000)');
    expect(current(BUILDS.server)).toBe(false);
  });
});
