import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secrets';

const SECRET = 'x'.repeat(40);

describe('secret box', () => {
  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const box = createSecretBox(SECRET, 'tokens');
    const sealed = box.seal('refresh-token-123');
    expect(sealed).not.toContain('refresh-token-123');
    expect(box.open(sealed)).toBe('refresh-token-123');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered text and another purpose or server secret', () => {
    const box = createSecretBox(SECRET, 'tokens');
    const sealed = box.seal('value');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('other').toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox(SECRET, 'other').open(sealed)).toThrow();
    expect(() => createSecretBox('y'.repeat(40), 'tokens').open(sealed)).toThrow();
  });
});
