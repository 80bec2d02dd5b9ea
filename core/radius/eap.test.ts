import { describe, expect, it } from 'vitest';
import { ATTRIBUTES } from './dictionary.ts';
import {
  AVP_CODE,
  decodeAvps,
  decodeEap,
  decodeTtls,
  decryptMppeKey,
  EAP_CODE,
  EAP_TYPE,
  eapMessageAttributes,
  encodeAvps,
  encodeEap,
  encodeTtls,
  encryptMppeKey,
  joinEapMessage,
  TTLS_FLAG,
  TtlsReassembly,
  ttlsFragments,
} from './eap.ts';
import { RadiusFormatError } from './packet.ts';

const bytes = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => i % 251));

describe('EAP packets in EAP-Message attributes', () => {
  it('writes and reads an EAP-Response/Identity and a Success', () => {
    const identity = encodeEap({
      code: EAP_CODE.response,
      identifier: 7,
      type: EAP_TYPE.identity,
      data: Buffer.from('anonymous'),
    });
    expect(identity.toString('hex')).toBe('0207000e01616e6f6e796d6f7573');
    expect(decodeEap(identity)).toEqual({
      code: EAP_CODE.response,
      identifier: 7,
      type: EAP_TYPE.identity,
      data: Buffer.from('anonymous'),
    });
    const success = encodeEap({ code: EAP_CODE.success, identifier: 9, data: Buffer.alloc(0) });
    expect(success.toString('hex')).toBe('03090004');
    expect(decodeEap(success)).toEqual({ code: EAP_CODE.success, identifier: 9, data: Buffer.alloc(0) });
  });

  it('refuses an EAP packet shorter than its Length or a response without a type', () => {
    expect(() => decodeEap(Buffer.from('0207000e01', 'hex'))).toThrow(RadiusFormatError);
    expect(() => decodeEap(Buffer.from('02070004', 'hex'))).toThrow(RadiusFormatError);
  });

  it('splits a long EAP packet into attributes of 253 bytes and joins them back in order', () => {
    const eap = bytes(1000);
    const attributes = eapMessageAttributes(eap);
    expect(attributes.map((a) => a.value.length)).toEqual([253, 253, 253, 241]);
    expect(attributes.every((a) => a.type === ATTRIBUTES['EAP-Message'].type)).toBe(true);
    const packet = {
      code: 1,
      identifier: 0,
      authenticator: Buffer.alloc(16),
      attributes: [
        { type: 1, value: Buffer.from('x') },
        ...attributes,
        { type: 24, value: Buffer.from('s') },
      ],
    };
    expect(joinEapMessage(packet)?.equals(eap)).toBe(true);
    expect(joinEapMessage({ ...packet, attributes: [] })).toBeNull();
  });
});

describe('EAP-TTLS framing', () => {
  it('reads and writes the flags and the TLS Message Length', () => {
    const start = encodeTtls({ flags: TTLS_FLAG.start, data: Buffer.alloc(0) });
    expect(start.toString('hex')).toBe('20');
    const first = encodeTtls({ flags: TTLS_FLAG.length | TTLS_FLAG.more, length: 1200, data: bytes(3) });
    expect(first.toString('hex')).toBe('c0000004b0000102');
    expect(decodeTtls(first)).toEqual({ flags: 0xc0, length: 1200, data: bytes(3) });
    expect(() => decodeTtls(Buffer.from('c00004', 'hex'))).toThrow(RadiusFormatError);
    expect(() => decodeTtls(Buffer.from('01', 'hex'))).toThrow(RadiusFormatError);
  });

  it('sends a message that fits in one frame, and a longer one in frames that fit the MTU', () => {
    expect(ttlsFragments(bytes(994), 1000)).toEqual([{ flags: 0, data: bytes(994) }]);
    const message = bytes(2500);
    const frames = ttlsFragments(message, 1000);
    expect(frames.map((f) => [f.flags, f.length, f.data.length])).toEqual([
      [TTLS_FLAG.length | TTLS_FLAG.more, 2500, 990],
      [TTLS_FLAG.more, undefined, 994],
      [0, undefined, 516],
    ]);
    for (const frame of frames) expect(5 + encodeTtls(frame).length).toBeLessThanOrEqual(1000);
    const receiving = new TtlsReassembly(16_384);
    const results = frames.map((frame) => receiving.add(decodeTtls(encodeTtls(frame))));
    expect(results.slice(0, 2)).toEqual(['more', 'more']);
    expect((results[2] as Buffer).equals(message)).toBe(true);
  });

  it('refuses a message longer than it announced or than allowed', () => {
    const announced = new TtlsReassembly(16_384);
    announced.add({ flags: TTLS_FLAG.length | TTLS_FLAG.more, length: 10, data: bytes(8) });
    expect(() => announced.add({ flags: 0, data: bytes(8) })).toThrow(RadiusFormatError);
    const limited = new TtlsReassembly(100);
    expect(limited.add({ flags: TTLS_FLAG.more, data: bytes(60) })).toBe('more');
    expect(() => limited.add({ flags: 0, data: bytes(60) })).toThrow(RadiusFormatError);
  });
});

describe('Diameter AVPs', () => {
  it('writes User-Name and User-Password padded to 4 bytes and reads them back', () => {
    const data = encodeAvps([
      { code: AVP_CODE.userName, mandatory: true, data: Buffer.from('alice') },
      { code: AVP_CODE.userPassword, mandatory: true, data: Buffer.from('secret\0\0\0\0\0\0\0\0\0\0') },
    ]);
    expect(data.subarray(0, 16).toString('hex')).toBe(
      `000000014000000d${Buffer.from('alice').toString('hex')}000000`,
    );
    expect(data.length).toBe(16 + 24);
    expect(decodeAvps(data)).toEqual([
      { code: 1, mandatory: true, data: Buffer.from('alice') },
      { code: 2, mandatory: true, data: Buffer.from('secret\0\0\0\0\0\0\0\0\0\0') },
    ]);
  });

  it('reads a vendor AVP and refuses one longer than the data', () => {
    const vendor = encodeAvps([{ code: 5, vendorId: 311, mandatory: false, data: Buffer.from('x') }]);
    expect(vendor.toString('hex')).toBe('000000058000000d0000013778000000');
    expect(decodeAvps(vendor)).toEqual([
      { code: 5, vendorId: 311, mandatory: false, data: Buffer.from('x') },
    ]);
    expect(() => decodeAvps(Buffer.from('0000000140000020616c696365', 'hex'))).toThrow(RadiusFormatError);
  });
});

describe('MS-MPPE keys', () => {
  it('encrypts a 32-byte key with the salt, the secret and the Request Authenticator, and back', () => {
    const key = bytes(32);
    const authenticator = Buffer.from('0f403f9473978057bd83d5cb98f4227a', 'hex');
    const value = encryptMppeKey(key, 'xyzzy5461', authenticator, 0x1234);
    expect(value.length).toBe(2 + 48);
    expect(value.subarray(0, 2).toString('hex')).toBe('9234');
    expect(decryptMppeKey(value, 'xyzzy5461', authenticator)?.equals(key)).toBe(true);
    expect(decryptMppeKey(value, 'other', authenticator)?.equals(key) ?? false).toBe(false);
  });
});
