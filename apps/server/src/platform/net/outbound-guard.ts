import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The one gate for every connection Hiwar opens on an owner's behalf (data sources today; api responses,
 * actions and image prefill later): the host is resolved here, every address it resolves to is checked, and
 * the caller connects to the returned address — never to the name again, so a second DNS answer (rebinding)
 * cannot point the connection somewhere else. DESIGN.md §8; Typebot's CVE-2025-64709 cases.
 */

/** Where a connection may go: the address to connect to, and the name the owner typed (for TLS and messages). */
export interface VettedAddress {
  host: string;
  address: string;
  family: 4 | 6;
}

export type RefusalReason = 'not_allowed' | 'not_found';

export class OutboundRefusedError extends Error {
  readonly reason: RefusalReason;
  readonly host: string;

  constructor(reason: RefusalReason, host: string, detail: string) {
    super(detail);
    this.name = 'OutboundRefusedError';
    this.reason = reason;
    this.host = host;
  }
}

export interface OutboundGuard {
  /** Resolves `host` and answers the address to connect to, or throws OutboundRefusedError. */
  vet(host: string): Promise<VettedAddress>;
}

export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Ranges no owner may reach unless the operator allow-lists them (IANA special-purpose registries). IPv4-mapped
 * IPv6 (::ffff:a.b.c.d) is checked as the IPv4 address it carries (BlockList matches IPv4 rules against it).
 */
const REFUSED_RANGES: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'], // "this network", unspecified
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // CGNAT
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  // IPv6 forms that carry an IPv4 address inside, so a local one can hide in them: refused whole, as the
  // platforms themselves treat them (none is a place an owner's API lives)
  ['::', 96, 'ipv6'], // unspecified ::, loopback ::1 and IPv4-compatible ::a.b.c.d (deprecated, RFC 4291)
  ['64:ff9b::', 96, 'ipv6'], // NAT64: reaches IPv4 addresses through a gateway
  ['64:ff9b:1::', 48, 'ipv6'], // NAT64 for local use (RFC 8215)
  ['2002::', 16, 'ipv6'], // 6to4: embeds an IPv4 address
  ['2001::', 32, 'ipv6'], // Teredo: embeds the server's and (inverted) the client's IPv4 address
  ['100::', 64, 'ipv6'], // discard-only
  ['fc00::', 7, 'ipv6'], // unique local
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated, still routed by some)
  ['ff00::', 8, 'ipv6'], // multicast
];

const refusedRanges = new BlockList();
for (const [network, prefix, type] of REFUSED_RANGES) refusedRanges.addSubnet(network, prefix, type);

/**
 * The host in its one canonical spelling: the WHATWG URL parser reads IPv4 the way inet_aton does, so
 * "2130706433", "0x7f.1", "017700000001" and "127.1" all become 127.0.0.1, and IPv6 loses its brackets.
 */
export function canonicalHostOf(host: string): string | null {
  const trimmed = host.trim();
  if (trimmed === '' || /[/?#@\s]/.test(trimmed)) return null;
  const bracketed = isIP(trimmed) === 6 ? `[${trimmed}]` : trimmed;
  try {
    const { hostname } = new URL(`http://${bracketed}`);
    return hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  } catch {
    return null;
  }
}

/** ::ffff:a.b.c.d (also written ::ffff:7f00:1) as the IPv4 address a.b.c.d; any other address unchanged. */
export function unwrapMappedIpv4(address: string): string {
  const match = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (match) {
    const high = Number.parseInt(match[1] ?? '0', 16);
    const low = Number.parseInt(match[2] ?? '0', 16);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return dotted?.[1] ?? address;
}

function typeOf(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 4 ? 'ipv4' : 'ipv6';
}

/** True for loopback, private, link-local, CGNAT, multicast, unspecified and reserved addresses. */
export function isRefusedAddress(address: string): boolean {
  const plain = unwrapMappedIpv4(address);
  return refusedRanges.check(plain, typeOf(plain));
}

/** OUTBOUND_ALLOW: host names (exact) and addresses or CIDRs the operator lets owners reach anyway. */
export function parseOutboundAllow(entries: readonly string[]): {
  hosts: Set<string>;
  ranges: BlockList;
} {
  const hosts = new Set<string>();
  const ranges = new BlockList();
  for (const entry of entries) {
    const [network = '', prefix] = entry.split('/');
    const version = isIP(network);
    if (version === 0) {
      hosts.add(canonicalHostOf(entry) ?? entry.toLowerCase());
      continue;
    }
    const type = version === 4 ? 'ipv4' : 'ipv6';
    const bits = prefix === undefined ? (version === 4 ? 32 : 128) : Number(prefix);
    ranges.addSubnet(unwrapMappedIpv4(network), bits, type);
  }
  return { hosts, ranges };
}

const LOOKUP_TIMEOUT_MS = 5_000;

function withTimeout<T>(promise: Promise<T>, host: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new OutboundRefusedError('not_found', host, `No address for ${host} in time`)),
      LOOKUP_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createOutboundGuard(
  allow: readonly string[],
  resolve: Resolve = systemResolve,
): OutboundGuard {
  const allowed = parseOutboundAllow(allow);
  const isAllowed = (host: string, address: string) => {
    const plain = unwrapMappedIpv4(address);
    return allowed.hosts.has(host) || allowed.ranges.check(plain, typeOf(plain));
  };

  return {
    async vet(rawHost) {
      const host = canonicalHostOf(rawHost);
      if (host === null) throw new OutboundRefusedError('not_found', rawHost, `"${rawHost}" is not a host`);
      const literal = isIP(host) !== 0;
      let answers: { address: string; family: number }[];
      try {
        answers = literal ? [{ address: host, family: isIP(host) }] : await withTimeout(resolve(host), host);
      } catch (error) {
        if (error instanceof OutboundRefusedError) throw error;
        throw new OutboundRefusedError('not_found', host, `${host} could not be resolved`);
      }
      if (answers.length === 0) throw new OutboundRefusedError('not_found', host, `No address for ${host}`);
      // every address must pass: a name answering one public and one private address is refused
      const refused = answers.find(({ address }) => isRefusedAddress(address) && !isAllowed(host, address));
      if (refused) {
        throw new OutboundRefusedError(
          'not_allowed',
          host,
          `${host} (${refused.address}) is a local or private address; the server's operator can allow it with OUTBOUND_ALLOW`,
        );
      }
      const [first] = answers as [{ address: string; family: number }];
      const address = unwrapMappedIpv4(first.address);
      return { host, address, family: isIP(address) === 6 ? 6 : 4 };
    },
  };
}
