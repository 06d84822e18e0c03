import { describe, expect, it } from 'vitest';
import {
  canonicalHostOf,
  createOutboundGuard,
  isRefusedAddress,
  OutboundRefusedError,
  type Resolve,
} from './outbound-guard.ts';

/** A resolver that knows a few names, so no test depends on the network's DNS. */
const fakeDns: Resolve = async (host) => {
  const table: Record<string, { address: string; family: number }[]> = {
    'db.example.com': [{ address: '93.184.216.34', family: 4 }],
    'rebind.example.com': [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ],
    localhost: [{ address: '127.0.0.1', family: 4 }],
    'metadata.google.internal': [{ address: '169.254.169.254', family: 4 }],
    'internal.corp': [{ address: '10.1.2.3', family: 4 }],
  };
  const answers = table[host];
  if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return answers;
};

async function refusalOf(guard: ReturnType<typeof createOutboundGuard>, host: string) {
  try {
    await guard.vet(host);
    return 'allowed';
  } catch (error) {
    if (error instanceof OutboundRefusedError) return error.reason;
    throw error;
  }
}

describe('outbound guard', () => {
  const guard = createOutboundGuard([], fakeDns);

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback (the whole /8)'],
    ['2130706433', 'loopback as a decimal number'],
    ['0x7f.1', 'loopback in hex, short form'],
    ['0x7f000001', 'loopback as one hex number'],
    ['017700000001', 'loopback in octal'],
    ['127.1', 'loopback, short dotted form'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified as a number'],
    ['10.0.0.1', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.255', 'private 172.16/12, last address'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'cloud metadata (link-local)'],
    ['100.64.0.1', 'CGNAT 100.64/10'],
    ['100.127.255.255', 'CGNAT, last address'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['[::1]', 'IPv6 loopback in brackets'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'IPv6 unique local fc00::/7'],
    ['fd12:3456::1', 'IPv6 unique local fd'],
    ['fe80::1', 'IPv6 link-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback in hex'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::10.0.0.1', 'NAT64 of a private address, dotted'],
    ['64:ff9b:1::a00:1', 'local-use NAT64 of a private address'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['[::127.0.0.1]', 'IPv4-compatible loopback in brackets'],
    ['0:0:0:0:0:0:127.0.0.1', 'IPv4-compatible loopback, written out'],
    ['::7f00:1', 'IPv4-compatible loopback in hex'],
    ['::169.254.169.254', 'IPv4-compatible metadata'],
    ['::10.0.0.1', 'IPv4-compatible private'],
    ['2002:7f00:1::1', '6to4 with loopback inside'],
    ['2002:a00:1::', '6to4 with a private address inside'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo with loopback as its client (inverted)'],
    ['2001::a00:1', 'Teredo'],
    ['localhost', 'a name resolving to loopback'],
    ['metadata.google.internal', 'a name resolving to metadata'],
    ['rebind.example.com', 'a name with one public and one private address'],
  ])('refuses %s (%s)', async (host) => {
    expect(await refusalOf(guard, host)).toBe('not_allowed');
  });

  it.each([
    ['93.184.216.34', '93.184.216.34'],
    ['8.8.8.8', '8.8.8.8'],
    ['172.32.0.1', '172.32.0.1'],
    ['100.128.0.1', '100.128.0.1'],
    ['2606:4700::1111', '2606:4700::1111'],
    ['db.example.com', '93.184.216.34'],
  ])('lets %s through and answers the address %s to connect to', async (host, address) => {
    expect((await guard.vet(host)).address).toBe(address);
  });

  it('answers a name that does not resolve as not found', async () => {
    expect(await refusalOf(guard, 'nowhere.example.com')).toBe('not_found');
    expect(await refusalOf(guard, 'a host/with/path')).toBe('not_found');
    expect(await refusalOf(guard, '')).toBe('not_found');
  });

  it('lets the operator allow-list an address, a CIDR or a host name', async () => {
    const allowing = createOutboundGuard(['127.0.0.1', '10.1.0.0/16', 'metadata.google.internal'], fakeDns);
    expect((await allowing.vet('127.0.0.1')).address).toBe('127.0.0.1');
    expect((await allowing.vet('0x7f.1')).address).toBe('127.0.0.1');
    expect((await allowing.vet('::ffff:127.0.0.1')).address).toBe('127.0.0.1');
    expect((await allowing.vet('localhost')).address).toBe('127.0.0.1');
    expect((await allowing.vet('internal.corp')).address).toBe('10.1.2.3');
    expect((await allowing.vet('metadata.google.internal')).address).toBe('169.254.169.254');
    expect(await refusalOf(allowing, '127.0.0.2')).toBe('not_allowed');
    expect(await refusalOf(allowing, '10.2.0.1')).toBe('not_allowed');
    expect(await refusalOf(allowing, '169.254.169.254')).toBe('not_allowed');
  });

  it('spells IPv4 in every form as one canonical address', () => {
    expect(canonicalHostOf('2130706433')).toBe('127.0.0.1');
    expect(canonicalHostOf('0x7F.1')).toBe('127.0.0.1');
    expect(canonicalHostOf('DB.Example.com')).toBe('db.example.com');
    expect(isRefusedAddress('::ffff:c0a8:101')).toBe(true);
    expect(isRefusedAddress('93.184.216.34')).toBe(false);
  });
});
