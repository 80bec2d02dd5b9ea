// docs/webhooks.md#receivers: a receiver on a private, loopback, link-local or otherwise non-public address
// is refused, by its literal address and by every address its name resolves to, when the webhook is saved
// and again before each delivery, unless the operator set WEBHOOK_ALLOW_PRIVATE=1.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

const refused = new BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  refused.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of any IPv4 address
  ['2002::', 16], // 6to4 of any IPv4 address
] as const)
  refused.addSubnet(address, prefix, 'ipv6');

/** Whether an address is one a receiver may not be on. IPv4-mapped IPv6 addresses are judged as IPv4. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return refused.check(mapped, 'ipv4');
  const version = isIP(address);
  if (version === 0) return true;
  return refused.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/** Why a receiver URL is refused, or null when it may be used. */
export type AddressProblem = 'bad_url' | 'private_address' | 'unresolved';

/**
 * Resolves the URL's host and answers the address to connect to, or the problem. The delivery connects to
 * the address answered here, so a name cannot resolve to a public address for the check and a private
 * one for the request.
 */
export async function receiverAddress(
  url: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: 4 | 6 } | { problem: AddressProblem }> {
  if (!URL.canParse(url)) return { problem: 'bad_url' };
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { problem: 'bad_url' };
  if (parsed.username || parsed.password) return { problem: 'bad_url' };
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true });
    } catch {
      return { problem: 'unresolved' };
    }
  }
  if (addresses.length === 0) return { problem: 'unresolved' };
  if (!allowPrivate && addresses.some((one) => isPrivateAddress(one.address)))
    return { problem: 'private_address' };
  const first = addresses[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
