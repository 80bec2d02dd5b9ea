/** Whether a host name is one of the hosts, or a subdomain of a `*.` entry (never the entry's own domain). */
function isPushServiceHost(hostname: string, hosts: readonly string[]): boolean {
  return hosts.some((host) => (host.startsWith('*.') ? hostname.endsWith(host.slice(1)) : hostname === host));
}

/**
 * The endpoint as a URL when it is an https address on one of the push service hosts, else null. The host
 * is read as URL parses it (lower case, punycode, without any user:password@ part), and the message goes to that
 * URL's canonical form, so no other reading of the text can reach a different host.
 */
export function pushServiceUrl(endpoint: string, hosts: readonly string[]): URL | null {
  const url = URL.parse(endpoint);
  if (url?.protocol !== 'https:') return null;
  return isPushServiceHost(url.hostname, hosts) ? url : null;
}
