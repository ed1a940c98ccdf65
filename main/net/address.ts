/**
 * Which IP addresses an outbound request may connect to. Only public unicast is allowed: for
 * IPv4 that is ipaddr.js's `unicast` range; for IPv6 it is global unicast (2000::/3) outside the
 * special blocks. Addresses that carry an IPv4 address inside (IPv4-mapped, IPv4-translated,
 * NAT64 64:ff9b::/96, 6to4) are judged by the IPv4 address they carry, so ::ffff:127.0.0.1 is
 * loopback. Cloud metadata endpoints are refused by address even where the range is public
 * (Azure's 168.63.129.16).
 */
import ipaddr from 'ipaddr.js';

/** Cloud metadata services reachable from inside a VM (AWS, GCP, Alibaba, Azure, AWS IPv6). */
export const METADATA_ADDRESSES: readonly string[] = ['169.254.169.254', '100.100.100.200', '168.63.129.16', 'fd00:ec2::254'];

const metadata = new Set(METADATA_ADDRESSES.map((a) => ipaddr.parse(a).toNormalizedString()));
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/** Why an address is refused (e.g. `loopback`, `ipv4Mapped/private`), or null when it is public. */
export function forbiddenReason(address: string): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv4') return ipv4Reason(ip as ipaddr.IPv4);
  if (metadata.has(ip.toNormalizedString())) return 'cloud metadata address';
  return ipv6Reason(ip as ipaddr.IPv6);
}

export function isForbiddenAddress(address: string): boolean {
  return forbiddenReason(address) !== null;
}

function ipv4Reason(ip: ipaddr.IPv4): string | null {
  if (metadata.has(ip.toNormalizedString())) return 'cloud metadata address';
  const range = ip.range();
  return range === 'unicast' ? null : range;
}

function ipv6Reason(ip: ipaddr.IPv6): string | null {
  const embedded = embeddedIPv4(ip);
  if (embedded) {
    const inner = ipv4Reason(embedded.ipv4);
    return inner === null ? null : `${embedded.form}/${inner}`;
  }
  const range = ip.range();
  if (range !== 'unicast') return range;
  return ip.match(GLOBAL_UNICAST) ? null : 'not global unicast';
}

function embeddedIPv4(ip: ipaddr.IPv6): { form: string; ipv4: ipaddr.IPv4 } | null {
  const p = ip.parts;
  const fromWords = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  switch (ip.range()) {
    case 'ipv4Mapped':
      return { form: 'ipv4Mapped', ipv4: ip.toIPv4Address() };
    case 'rfc6145':
      return { form: 'ipv4Translated', ipv4: fromWords(p[6] ?? 0, p[7] ?? 0) };
    case '6to4':
      return { form: '6to4', ipv4: fromWords(p[1] ?? 0, p[2] ?? 0) };
    case 'rfc6052':
      return ip.match(NAT64_WELL_KNOWN) ? { form: 'nat64', ipv4: fromWords(p[6] ?? 0, p[7] ?? 0) } : null;
    default:
      return null;
  }
}
