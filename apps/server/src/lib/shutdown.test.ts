import { describe, expect, it } from 'vitest';
import { onUncaughtException, onUnhandledRejection } from './shutdown';

function recordingLog() {
  const lines: { level: string; message: string; details: object }[] = [];
  return {
    lines,
    error: (details: object, message: string) => lines.push({ level: 'error', message, details }),
    fatal: (details: object, message: string) => lines.push({ level: 'fatal', message, details }),
  };
}

describe('process guards', () => {
  it('logs an unhandled rejection and keeps the process running', () => {
    const log = recordingLog();
    const reason = new Error('unsupported Unicode escape sequence');
    onUnhandledRejection(log)(reason);
    expect(log.lines).toEqual([
      { level: 'error', message: expect.stringContaining('unhandled rejection'), details: { err: reason } },
    ]);
  });

  it('closes and exits non-zero after an uncaught exception, once', async () => {
    const log = recordingLog();
    let closes = 0;
    const exited = new Promise<number>((resolve) => {
      const handler = onUncaughtException(
        log,
        async () => {
          closes++;
        },
        resolve,
      );
      handler(new Error('boom'));
      handler(new Error('again'));
    });
    expect(await exited).toBe(1);
    expect(closes).toBe(1);
    expect(log.lines.map((l) => l.level)).toEqual(['fatal', 'fatal']);
  });

  it('exits even when closing fails', async () => {
    const log = recordingLog();
    const exited = new Promise<number>((resolve) => {
      onUncaughtException(log, async () => Promise.reject(new Error('close failed')), resolve)(new Error('boom'));
    });
    expect(await exited).toBe(1);
    expect(log.lines.map((l) => l.message)).toContain('close after an uncaught exception failed');
  });
});
