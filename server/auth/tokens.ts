import { createHash, randomBytes } from 'node:crypto';

/** A secret for a cookie or a link: 256 random bits. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What is kept of a secret: its SHA-256, so a leaked table gives no usable secret. */
export const tokenHash = (value: string) => createHash('sha256').update(value).digest('base64url');
