import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A key of its own for each use, derived from the server's secret (JWT_SECRET or DATA_DIR/jwt-secret). */
export const deriveKey = (serverSecret: string, purpose: string): Buffer =>
  Buffer.from(hkdfSync('sha256', serverSecret, 'stoa', purpose, 32));

/**
 * Seals TOTP secrets with AES-256-GCM: `v1.iv.tag.ciphertext` (base64url). A leaked database
 * alone reveals no secret; a changed server secret makes the stored ones unreadable (the
 * members turn two-factor sign-in on again: docs/server.md).
 */
export function createSecretBox(serverSecret: string) {
  const key = deriveKey(serverSecret, 'two-factor secrets');
  return {
    seal(text: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed two-factor secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
