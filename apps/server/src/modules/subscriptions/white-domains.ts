/**
 * Whether a request may send through a channel's api key: always when the channel names no white domain,
 * otherwise only when its Origin (a browser's call) or else its Referer names a host on the list —
 * `example.com` (any port), `example.com:8080` (that port), `*.example.com` (its subdomains, not itself).
 */
export function isOriginAllowed(
  whiteDomains: readonly string[],
  origin: string | undefined,
  referer: string | undefined,
): boolean {
  if (whiteDomains.length === 0) return true;
  const source = origin && origin !== 'null' ? origin : referer;
  if (!source) return false;
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  const hostWithPort = url.port === '' ? host : `${host}:${url.port}`;
  return whiteDomains.some((entry) => {
    const domain = entry.toLowerCase();
    if (domain.startsWith('*.')) {
      const suffix = domain.slice(1);
      const [name = '', port] = suffix.split(':');
      return host.endsWith(name) && host.length > name.length && (port === undefined || url.port === port);
    }
    return domain.includes(':') ? domain === hostWithPort : domain === host;
  });
}
