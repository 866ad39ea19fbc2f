/**
 * The address a sign-in attempt comes from, for the sign-in limits. By default the socket's peer: a client can
 * write any X-Forwarded-For it likes, so the header is read only when the peer is a configured trusted proxy
 * (IDP_TRUSTED_PROXIES). Each trusted proxy appends the address it saw, so the list is read from the right and
 * the first hop that is not a trusted proxy is the client; what lies left of it was written by the client and
 * is ignored.
 */
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/** IPv4 peers of a dual-stack socket appear as `::ffff:a.b.c.d`; one address must give one key. */
export function normalizeAddress(address: string): string {
  const trimmed = address.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return (mapped?.[1] ?? trimmed).toLowerCase();
}

const family = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * The trusted proxies of a setting: addresses, CIDR ranges (`10.0.0.0/8`, `fd00::/8`) or `loopback`. Throws
 * on anything else, so a typo stops the provider at start instead of trusting nobody (or everybody) silently.
 */
export function trustedProxyList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4');
      list.addAddress('::1', 'ipv6');
      continue;
    }
    const [address = '', bits, ...rest] = entry.split('/');
    const ip = normalizeAddress(address);
    const kind = isIP(ip);
    const prefix = bits === undefined ? undefined : Number(bits);
    const maxPrefix = kind === 6 ? 128 : 32;
    if (
      !kind ||
      rest.length > 0 ||
      (prefix !== undefined && (!/^\d{1,3}$/.test(bits ?? '') || prefix > maxPrefix))
    ) {
      throw new Error(
        `IDP_TRUSTED_PROXIES: "${raw}" is not an IP address, a CIDR range (10.0.0.0/8) or "loopback"`,
      );
    }
    if (prefix === undefined) list.addAddress(ip, family(ip));
    else list.addSubnet(ip, prefix, family(ip));
  }
  return list;
}

/** Resolves the client address of a request, given the trusted proxies (none: the socket's peer). */
export function createClientAddress(trustedProxies: readonly string[]): (req: IncomingMessage) => string {
  const trusted = trustedProxyList(trustedProxies);
  const isTrusted = (address: string) => isIP(address) !== 0 && trusted.check(address, family(address));
  return (req) => {
    const peer = normalizeAddress(req.socket.remoteAddress ?? '');
    if (!peer) return 'unknown';
    if (trustedProxies.length === 0 || !isTrusted(peer)) return peer;
    const header = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
      .split(',')
      .map(normalizeAddress)
      .filter(Boolean);
    let client = peer;
    for (let i = hops.length - 1; i >= 0; i -= 1) {
      const hop = hops[i] ?? '';
      // Written by a trusted proxy, so it is an address; anything else means a misconfigured chain: stop at the
      // last proxy we trust rather than take a client's word.
      if (!isIP(hop)) break;
      client = hop;
      if (!isTrusted(hop)) break;
    }
    return client;
  };
}
