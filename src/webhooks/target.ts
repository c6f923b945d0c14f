/**
 * Where a webhook may be sent. The URL comes from an operator, but the Worker is the one that posts to it,
 * so it must not become a way to reach the network the Worker runs in: https only, and no private,
 * loopback, link-local or otherwise non-public address, written in any of the forms the URL parser
 * accepts (it turns `0x7f.1` into `127.0.0.1`). A host name is not resolved here (Workers have no DNS
 * lookup); Cloudflare's fetch itself refuses to connect to private addresses. Development also allows
 * 127.0.0.1 and localhost, over http too, so a receiver can be tried on the same machine.
 */

/** Host names that never mean a public site. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/;

/** Non-public IPv4 ranges as [first octets, prefix length]. */
const PRIVATE_V4: readonly (readonly [number, number, number, number, number])[] = [
  [0, 0, 0, 0, 8], // this network
  [10, 0, 0, 0, 8],
  [100, 64, 0, 0, 10], // carrier-grade NAT
  [127, 0, 0, 0, 8],
  [169, 254, 0, 0, 16], // link-local, cloud metadata
  [172, 16, 0, 0, 12],
  [192, 0, 0, 0, 24],
  [192, 168, 0, 0, 16],
  [198, 18, 0, 0, 15], // benchmarking
  [224, 0, 0, 0, 3], // multicast and reserved, up to the broadcast address
];

function ipv4(host: string): number | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function privateV4(address: number): boolean {
  return PRIVATE_V4.some(([a, b, c, d, bits]) => {
    const base = ((a * 256 + b) * 256 + c) * 256 + d;
    const size = 2 ** (32 - bits);
    return address >= base && address < base + size;
  });
}

/** An IPv6 literal (without brackets) is non-public: unspecified, loopback, unique-local, link-local, or a mapped private IPv4. */
function privateV6(host: string): boolean {
  const lower = host.toLowerCase();
  if (lower === '::' || lower === '::1') return true;
  if (/^f[cd]/.test(lower) || /^fe[89ab]/.test(lower) || /^ff/.test(lower)) return true;
  // The parser writes a mapped IPv4 address in hex: ::ffff:7f00:1.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (mapped)
    return privateV4(Number.parseInt(mapped[1] ?? '0', 16) * 65536 + Number.parseInt(mapped[2] ?? '0', 16));
  return false;
}

function isDevelopmentHost(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost';
}

/** Why `text` may not be a webhook's URL, or null when it may. */
export function webhookUrlRefusal(text: string, development: boolean): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'url: must be an absolute URL';
  }
  const host = url.hostname.toLowerCase();
  if (development && isDevelopmentHost(host) && (url.protocol === 'http:' || url.protocol === 'https:'))
    return null;
  if (url.protocol !== 'https:') return `url: must be https, not ${url.protocol}`;
  if (host.startsWith('[')) {
    return privateV6(host.slice(1, -1)) ? `url: ${host} is a private, loopback or link-local address` : null;
  }
  const v4 = ipv4(host);
  if (v4 !== null) {
    return privateV4(v4) ? `url: ${host} is a private, loopback or link-local address` : null;
  }
  if (LOCAL_NAMES.test(host) || !host.includes('.')) return `url: ${host} is not a public host name`;
  return null;
}
