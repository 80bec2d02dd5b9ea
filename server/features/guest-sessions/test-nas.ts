// A NAS for tests (docs/guest-access.md#history): a UDP socket on 127.0.0.1 that takes the console's
// Disconnect-Requests (RFC 5176), checks their signature with the site's secret and answers each with a
// Disconnect-ACK (or a NAK when told to), its Response Authenticator and Message-Authenticator set.
import { createSocket } from 'node:dgram';
import { RADIUS_CODE } from '../../../core/radius/dictionary.ts';
import { decodePacket, encodeResponse, textValue, verifyRequest } from '../../../core/radius/packet.ts';

export type TestNas = {
  port: number;
  /** The Acct-Session-Id of each signed Disconnect-Request received, in order. */
  disconnected: string[];
  close: () => Promise<void>;
};

export async function startTestNas(secret: string, answer: 'ack' | 'nak' = 'ack'): Promise<TestNas> {
  const socket = createSocket('udp4');
  const disconnected: string[] = [];
  socket.on('message', (data, from) => {
    if (verifyRequest(data, secret) !== 'ok') return;
    const request = decodePacket(data);
    if (request.code !== RADIUS_CODE.disconnectRequest) return;
    disconnected.push(textValue(request, 'Acct-Session-Id') ?? '');
    const code = answer === 'ack' ? RADIUS_CODE.disconnectAck : RADIUS_CODE.disconnectNak;
    socket.send(encodeResponse(code, request, [], secret), from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  return {
    port: socket.address().port,
    disconnected,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
