/** The key of requests whose address cannot be read: they share one count. */
export const UNREADABLE_ADDRESS = 'unreadable';

/**
 * The key rate limits count a caller by: an IPv4 address as itself, an IPv6 address as its /64 network (one
 * subscriber line is handed a whole /64, so counting single IPv6 addresses would let one machine be 2^64
 * callers), and an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as the IPv4 address it carries. Spellings of
 * one address (`::` compression, leading zeros, letter case) give one key.
 */
export function addressKey(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed) return UNREADABLE_ADDRESS;
  if (parsed.v4) return parsed.v4.join('.');
  return `${hex(parsed.v6.slice(0, 4))}::/64`;
}

/**
 * The key of the network an address belongs to, for the aggregate beside each per-address limit: the /24 of
 * an IPv4 address and the /48 of an IPv6 one (a site is commonly handed a /48: 65,536 /64s, which would
 * otherwise be as many separate allowances).
 */
export function networkKey(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed) return UNREADABLE_ADDRESS;
  if (parsed.v4) return `${parsed.v4.slice(0, 3).join('.')}.0/24`;
  return `${hex(parsed.v6.slice(0, 3))}::/48`;
}

type Parsed = { v4: number[]; v6?: never } | { v4?: never; v6: number[] };

/** An IPv4 address (an IPv4-mapped IPv6 one included) as its octets, an IPv6 one as its eight groups. */
function parseAddress(address: string): Parsed | null {
  const text = address.trim();
  if (!text.includes(':')) {
    const octets = ipv4Octets(text);
    return octets ? { v4: octets } : null;
  }
  const groups = ipv6Groups(text);
  if (!groups) return null;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return { v4: [high >> 8, high & 0xff, low >> 8, low & 0xff] };
  }
  return { v6: groups };
}

function hex(groups: number[]): string {
  return groups.map((g) => g.toString(16)).join(':');
}

function ipv4Octets(text: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  // A dotted IPv4 tail (`::ffff:1.2.3.4`) stands for the last two groups.
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const octets = ipv4Octets(text.slice(lastColon + 1));
    if (!octets) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    tail.push((a << 8) | b, (c << 8) | d);
    text = text.slice(0, lastColon + 1);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const [head, rest] = halves.map(hexGroups);
  if (!head || (halves.length === 2 && !rest)) return null;
  const given = head.length + (rest?.length ?? 0) + tail.length;
  if (halves.length === 1) return given === 8 ? [...head, ...tail] : null;
  // `::` stands for one group of zeros or more.
  if (given > 7) return null;
  return [...head, ...new Array<number>(8 - given).fill(0), ...(rest ?? []), ...tail];
}

function hexGroups(part: string): number[] | null {
  if (part === '') return [];
  const groups = part.split(':');
  return groups.every((g) => /^[0-9a-f]{1,4}$/.test(g)) ? groups.map((g) => Number.parseInt(g, 16)) : null;
}
