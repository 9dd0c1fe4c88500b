import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_PGLITE_SHARED_BUFFERS, IN_MEMORY, loadConfig } from './config';

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'fairway-config-'));
  temps.push(dir);
  return dir;
}

describe('loadConfig', () => {
  it('has working defaults', () => {
    const base = tempDir();
    const config = loadConfig({ INIT_CWD: base });
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: path.join(base, 'data'),
      DATABASE_URL: undefined,
      PUBLIC_URL: 'http://localhost:3000',
      SMTP_URL: undefined,
      MAIL_FROM: 'Fairway <no-reply@fairway.se>',
      LOG_LEVEL: 'info',
      BRAND: 'fairway',
      RUN_WORKERS: true,
      SEED_DEMO: true,
      TRUST_PROXY: false,
      RUN_STALE_SECONDS: 90,
      RUN_TURN_SECONDS: 30,
    });
    expect(config.WEB_DIST.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
    expect(path.isAbsolute(config.WEB_DIST)).toBe(true);
  });

  it('resolves relative paths against the folder npm was started in', () => {
    const config = loadConfig({ INIT_CWD: '/srv/fairway', DATA_DIR: './state', WEB_DIST: 'web/build' });
    expect(config.DATA_DIR).toBe('/srv/fairway/state');
    expect(config.WEB_DIST).toBe('/srv/fairway/web/build');
  });

  it('parses every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: IN_MEMORY,
      DATABASE_URL: 'postgres://u:p@db:5432/fairway',
      JWT_SECRET: 's'.repeat(40),
      PUBLIC_URL: 'https://portal.fairway.se/',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Dubbelkoll <no-reply@dubbelkoll.se>',
      LOG_LEVEL: 'warn',
      BRAND: 'dubbelkoll',
      RUN_WORKERS: 'false',
      SEED_DEMO: '0',
      TRUST_PROXY: 'yes',
      RUN_STALE_SECONDS: '5',
      RUN_TURN_SECONDS: '2',
    });
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: IN_MEMORY,
      DATABASE_URL: 'postgres://u:p@db:5432/fairway',
      JWT_SECRET: 's'.repeat(40),
      PUBLIC_URL: 'https://portal.fairway.se',
      SMTP_URL: 'smtp://mail:25',
      LOG_LEVEL: 'warn',
      BRAND: 'dubbelkoll',
      RUN_WORKERS: false,
      SEED_DEMO: false,
      TRUST_PROXY: true,
      RUN_STALE_SECONDS: 5,
      RUN_TURN_SECONDS: 2,
    });
  });

  it('keeps GIT_ALLOWED_ORIGINS as origins, none by default, and refuses what is not an http(s) URL', () => {
    const base = tempDir();
    expect(loadConfig({ INIT_CWD: base }).GIT_ALLOWED_ORIGINS).toEqual([]);
    const config = loadConfig({
      INIT_CWD: base,
      GIT_ALLOWED_ORIGINS: ' https://api.git.example/v1/ , http://git.local:8080,https://api.git.example',
    });
    expect(config.GIT_ALLOWED_ORIGINS).toEqual(['https://api.git.example', 'http://git.local:8080']);
    expect(() => loadConfig({ INIT_CWD: base, GIT_ALLOWED_ORIGINS: 'https://ok.example,file:///etc' })).toThrow(
      /GIT_ALLOWED_ORIGINS: "file:\/\/\/etc" is not an http\(s\) URL/,
    );
  });

  it("takes PGlite's buffer pool in PostgreSQL's notation and refuses anything else", () => {
    const base = tempDir();
    expect(loadConfig({ INIT_CWD: base }).PGLITE_SHARED_BUFFERS).toBe(DEFAULT_PGLITE_SHARED_BUFFERS);
    expect(loadConfig({ INIT_CWD: base, PGLITE_SHARED_BUFFERS: ' 64MB ' }).PGLITE_SHARED_BUFFERS).toBe('64MB');
    for (const wrong of ['64', '64mb', '0MB', '-1MB', '64MB; drop table users'])
      expect(() => loadConfig({ INIT_CWD: base, PGLITE_SHARED_BUFFERS: wrong })).toThrow(/PGLITE_SHARED_BUFFERS/);
  });

  it('takes the 46elks API account, the simulator without one, and refuses half of one', () => {
    const base = tempDir();
    expect(loadConfig({ INIT_CWD: base }).ELKS).toBeNull();
    expect(loadConfig({ INIT_CWD: base, ELKS_API_USERNAME: '', ELKS_API_PASSWORD: '' }).ELKS).toBeNull();
    expect(loadConfig({ INIT_CWD: base, ELKS_API_USERNAME: 'u123', ELKS_API_PASSWORD: 'secret' }).ELKS).toEqual({
      username: 'u123',
      password: 'secret',
      apiUrl: 'https://api.46elks.com/a1',
    });
    expect(
      loadConfig({
        INIT_CWD: base,
        ELKS_API_USERNAME: 'u123',
        ELKS_API_PASSWORD: 'secret',
        ELKS_API_URL: 'http://127.0.0.1:9999/a1/',
      }).ELKS?.apiUrl,
    ).toBe('http://127.0.0.1:9999/a1');
    expect(() => loadConfig({ INIT_CWD: base, ELKS_API_USERNAME: 'u123' })).toThrow(/ELKS_API_PASSWORD/);
    expect(() => loadConfig({ INIT_CWD: base, ELKS_API_PASSWORD: 'secret' })).toThrow(/ELKS_API_USERNAME/);
    expect(() => loadConfig({ INIT_CWD: base, ELKS_API_USERNAME: 'u', ELKS_API_PASSWORD: 'p', ELKS_API_URL: 'ftp://x' })).toThrow(
      /ELKS_API_URL/,
    );
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: '', SMTP_URL: '', PUBLIC_URL: '', PORT: '4000' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:4000');
  });

  it('lists every bad variable in one readable error', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        NODE_ENV: 'staging',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        RUN_WORKERS: 'maybe',
        BRAND: 'other',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems.map((p) => p.variable).sort()).toEqual(
      ['BRAND', 'DATABASE_URL', 'JWT_SECRET', 'NODE_ENV', 'PORT', 'RUN_WORKERS'].sort(),
    );
    expect(message).toMatch(/^Invalid environment configuration:/);
    expect(message).toContain('  - DATABASE_URL: must be a postgres:// or postgresql:// URL');
    expect(message).toContain('  - JWT_SECRET: must be at least 32 characters');
    expect(message).toContain('  - RUN_WORKERS: must be true or false');
    expect(message).toMatch(/ - PORT: .*number/i);
  });

  it('keeps a generated JWT secret in DATA_DIR so restarts keep sessions', () => {
    const dataDir = tempDir();
    const first = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
    const second = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(first.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.JWT_SECRET).toBe(first.JWT_SECRET);
    const file = path.join(dataDir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.JWT_SECRET);
    expect(statSync(file).mode & 0o077).toBe(0);
  });

  it('makes up a fresh secret in tests and for in-memory data', () => {
    const a = loadConfig({ NODE_ENV: 'test' });
    const b = loadConfig({ NODE_ENV: 'test' });
    expect(a.JWT_SECRET).not.toBe(b.JWT_SECRET);
    const c = loadConfig({ DATA_DIR: IN_MEMORY });
    expect(c.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
  });
});
