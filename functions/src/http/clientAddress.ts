/**
 * The caller's address, which fair use counts by. Behind Google's front end (Cloud Functions, with
 * or without Hosting) the socket's peer is Google's own proxy on an internal address, and the
 * client is X-Forwarded-For's first entry as the front end forwards it. That header is believed
 * only when the peer is internal: a client reaching the process directly cannot choose its address.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';
import type { AppConfig } from '../config.js';

const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  INTERNAL.addSubnet(net, prefix, 'ipv6');

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

function isInternal(address: string): boolean {
  const v4 = MAPPED_IPV4.exec(address)?.[1] ?? address;
  if (isIPv4(v4)) return INTERNAL.check(v4, 'ipv4');
  return isIPv6(address) && INTERNAL.check(address, 'ipv6');
}

/**
 * Express's `trust proxy` for a config: with 'forwarded', every hop is trusted once the peer is
 * internal, so req.ip is X-Forwarded-For's first entry; otherwise req.ip is the socket's peer.
 */
export function trustProxy(mode: AppConfig['clientAddress']): false | ((address: string, hop: number) => boolean) {
  if (mode === 'socket') return false;
  return (address, hop) => hop > 0 || isInternal(address);
}

/** The eight groups of an IPv6 address, '::' expanded. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * The key fair use counts a caller under: an IPv4 address, or an IPv6 address's /64, which one
 * household or host receives whole and could otherwise step through an address at a time.
 */
export function clientAddressKey(req: Request): string {
  const address = req.ip ?? req.socket.remoteAddress ?? 'unknown';
  const v4 = MAPPED_IPV4.exec(address)?.[1] ?? address;
  if (isIPv4(v4)) return v4;
  if (isIPv6(address)) return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
  return address;
}
