import type { FastifyReply } from 'fastify';

/**
 * The headers of content someone else chose (an upload, a device’s file; docs/security.md#sizes): its
 * checked type is not sniffed into another, and opened in a tab of its own it runs nothing and reaches
 * nothing.
 */
export function untrustedContent(reply: FastifyReply, contentType: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "sandbox; default-src 'none'");
}
