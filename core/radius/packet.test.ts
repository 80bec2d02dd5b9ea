import { describe, expect, it } from 'vitest';
import { ACCT_STATUS, RADIUS_CODE } from './dictionary.ts';
import {
  addressValue,
  attribute,
  decodePacket,
  encodePacket,
  encodeRequest,
  encodeResponse,
  hidePassword,
  integerValue,
  textValue,
  unhidePassword,
  verifyRequest,
  verifyResponse,
  withGigawords,
} from './packet.ts';

const hex = (text: string) => Buffer.from(text.replace(/\s+/g, ''), 'hex');

// RFC 2865 §7.1: User Telnet to Specified Host, secret "xyzzy5461".
const SECRET = 'xyzzy5461';
const ACCESS_REQUEST = hex(`01 00 00 38 0f 40 3f 94 73 97 80 57 bd 83 d5 cb
  98 f4 22 7a 01 06 6e 65 6d 6f 02 12 0d be 70 8d 93 d4 13 ce 31 96 e4 3f 78 2a 0a ee 04 06 c0 a8
  01 10 05 06 00 00 00 03`);
const ACCESS_ACCEPT = hex(`02 00 00 26 86 fe 22 0e 76 24 ba 2a 10 05 f6 bf
  9b 55 e0 b2 06 06 00 00 00 01 0f 06 00 00 00 00 0e 06 c0 a8 01 03`);

describe('RADIUS codec against RFC 2865 §7.1', () => {
  it('reads the Access-Request and recovers the hidden password', () => {
    const packet = decodePacket(ACCESS_REQUEST);
    expect(packet.code).toBe(RADIUS_CODE.accessRequest);
    expect(packet.identifier).toBe(0);
    expect(textValue(packet, 'User-Name')).toBe('nemo');
    expect(addressValue(packet, 'NAS-IP-Address')).toBe('192.168.1.16');
    expect(integerValue(packet, 'NAS-Port')).toBe(3);
    const hidden = packet.attributes.find((a) => a.type === 2)?.value ?? Buffer.alloc(0);
    expect(unhidePassword(hidden, SECRET, packet.authenticator)).toBe('arctangent');
  });

  it('writes the same bytes back, the password hidden the same way', () => {
    const packet = decodePacket(ACCESS_REQUEST);
    const hidden = hidePassword('arctangent', SECRET, packet.authenticator);
    expect(hidden.toString('hex')).toBe('0dbe708d93d413ce3196e43f782a0aee');
    expect(encodePacket(packet).equals(ACCESS_REQUEST)).toBe(true);
  });

  it('checks the Access-Accept’s Response Authenticator (it carries no Message-Authenticator)', () => {
    const request = decodePacket(ACCESS_REQUEST);
    expect(verifyResponse(ACCESS_ACCEPT, request.authenticator, SECRET, false)).toBe('ok');
    expect(verifyResponse(ACCESS_ACCEPT, request.authenticator, 'other', false)).toBe('bad_authenticator');
    expect(verifyResponse(ACCESS_ACCEPT, request.authenticator, SECRET)).toBe('no_message_authenticator');
    const accept = decodePacket(ACCESS_ACCEPT);
    expect(integerValue(accept, 'Service-Type')).toBe(1);
  });

  it('refuses an Access-Request without a Message-Authenticator', () => {
    expect(verifyRequest(ACCESS_REQUEST, SECRET)).toBe('no_message_authenticator');
  });
});

describe('RADIUS codec signing', () => {
  it('signs an Access-Request with a Message-Authenticator that checks with the secret only', () => {
    const data = encodeRequest(
      RADIUS_CODE.accessRequest,
      7,
      [attribute('User-Name', 'guest'), attribute('User-Password', 'a much longer password than 16')],
      'sesame',
    );
    expect(verifyRequest(data, 'sesame')).toBe('ok');
    expect(verifyRequest(data, 'sesamf')).toBe('bad_message_authenticator');
    const tampered = Buffer.from(data);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] as number) ^ 1;
    expect(verifyRequest(tampered, 'sesame')).toBe('bad_message_authenticator');
    const packet = decodePacket(data);
    const hidden = packet.attributes.find((a) => a.type === 2)?.value ?? Buffer.alloc(0);
    expect(hidden.length).toBe(32);
    expect(unhidePassword(hidden, 'sesame', packet.authenticator)).toBe('a much longer password than 16');
  });

  it('signs Accounting, Disconnect and CoA requests with the MD5 Request Authenticator', () => {
    for (const code of [
      RADIUS_CODE.accountingRequest,
      RADIUS_CODE.disconnectRequest,
      RADIUS_CODE.coaRequest,
    ]) {
      const data = encodeRequest(
        code,
        1,
        [attribute('Acct-Status-Type', ACCT_STATUS.interimUpdate), attribute('Acct-Session-Id', 's1')],
        'sesame',
      );
      expect(verifyRequest(data, 'sesame')).toBe('ok');
      expect(verifyRequest(data, 'other')).toBe('bad_authenticator');
    }
  });

  it('answers with a Response Authenticator and Message-Authenticator bound to the request', () => {
    const request = decodePacket(encodeRequest(RADIUS_CODE.accessRequest, 9, [], 's'));
    const answer = encodeResponse(
      RADIUS_CODE.accessAccept,
      request,
      [attribute('Session-Timeout', 3600), attribute('WISPr-Bandwidth-Max-Down', 2_000_000)],
      's',
    );
    expect(verifyResponse(answer, request.authenticator, 's')).toBe('ok');
    expect(verifyResponse(answer, Buffer.alloc(16), 's')).toBe('bad_authenticator');
    const decoded = decodePacket(answer);
    expect(decoded.identifier).toBe(9);
    expect(integerValue(decoded, 'Session-Timeout')).toBe(3600);
    expect(integerValue(decoded, 'WISPr-Bandwidth-Max-Down')).toBe(2_000_000);
  });

  it('reads Vendor-Specific attributes and 64-bit counters', () => {
    const data = encodePacket({
      code: RADIUS_CODE.accessAccept,
      identifier: 1,
      authenticator: Buffer.alloc(16),
      attributes: [attribute('ChilliSpot-Max-Total-Octets', 5000), attribute('Acct-Input-Gigawords', 2)],
    });
    // 26, length 12, vendor 14559, type 3, length 6, value.
    expect(data.subarray(20, 32).toString('hex')).toBe('1a0c000038df030600001388');
    const packet = decodePacket(data);
    expect(integerValue(packet, 'ChilliSpot-Max-Total-Octets')).toBe(5000);
    expect(withGigawords(5, integerValue(packet, 'Acct-Input-Gigawords'))).toBe(2 * 2 ** 32 + 5);
  });

  it('refuses malformed packets', () => {
    expect(() => decodePacket(Buffer.alloc(10))).toThrow();
    const bad = Buffer.from(ACCESS_REQUEST);
    bad[21] = 200;
    expect(() => decodePacket(bad)).toThrow();
    const long = Buffer.from(ACCESS_REQUEST);
    long.writeUInt16BE(500, 2);
    expect(() => decodePacket(long)).toThrow();
  });
});
