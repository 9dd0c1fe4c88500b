import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for secrets we must be able to read back (accounting programs' OAuth
 * tokens): AES-256-GCM under a key derived from the server secret with HKDF, so a database dump
 * alone does not hand out access to a club's books. Format: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(serverSecret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'fairway', `fairway:${purpose}`, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
