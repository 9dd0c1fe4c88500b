import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { VIDEO_GUIDE_SEED } from '../../db/seed/help-guides';
import { mediaPath } from './help-media';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('/media/', () => {
  it('has every seeded guide’s film, poster and captions, each small enough to stream', () => {
    for (const guide of VIDEO_GUIDE_SEED) {
      const film = statSync(mediaPath('guides', `${guide.slug}.webm`));
      expect(film.size, guide.slug).toBeGreaterThan(20_000);
      expect(film.size, guide.slug).toBeLessThan(1_500_000);
      for (const file of [`${guide.slug}.jpg`, `${guide.slug}.sv.vtt`, `${guide.slug}.en.vtt`]) {
        expect(statSync(mediaPath('guides', file)).size, file).toBeGreaterThan(0);
      }
    }
  });

  it('serves a film whole and in ranges, with its content type, without a token', async () => {
    const size = statSync(mediaPath('guides', 'koppla-fortnox.webm')).size;
    const whole = await t.app.inject({ method: 'GET', url: '/media/guides/koppla-fortnox.webm' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));

    const part = await t.app.inject({
      method: 'GET',
      url: '/media/guides/koppla-fortnox.webm',
      headers: { range: 'bytes=1000-1999' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(1000, 2000));

    const beyond = await t.app.inject({
      method: 'GET',
      url: '/media/guides/koppla-fortnox.webm',
      headers: { range: `bytes=${size + 10}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it('serves captions as WebVTT and posters and screenshots as images', async () => {
    const captions = await t.app.inject({ method: 'GET', url: '/media/guides/skicka-kvitton.sv.vtt' });
    expect(captions.headers['content-type']).toMatch(/^text\/vtt/);
    expect(captions.body).toMatch(/^WEBVTT\n/);
    expect(captions.body).toContain('Markera fakturorna och klicka Skicka valda kvitton.');
    const poster = await t.app.inject({ method: 'GET', url: '/media/guides/skicka-kvitton.jpg' });
    expect(poster.headers['content-type']).toBe('image/jpeg');
    const screenshot = await t.app.inject({ method: 'GET', url: '/media/screenshots/dashboard.webp' });
    expect(screenshot.headers['content-type']).toBe('image/webp');
  });

  it('answers a missing file or a path out of the folder with a plain 404', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/media/guides/finns-inte.webm' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
    const outside = await t.app.inject({ method: 'GET', url: '/media/../package.json' });
    expect(outside.statusCode).toBe(404);
    const encoded = await t.app.inject({ method: 'GET', url: '/media/guides/..%2f..%2fpackage.json' });
    expect([403, 404]).toContain(encoded.statusCode);
  });
});
