/**
 * The caller's address, which fair use counts by. A client can write anything into
 * X-Forwarded-For, and each proxy appends the address it received the request from, so only the
 * right end of the header is true: the address is read from the right, past the hops our own
 * front ends add, and never from the left.
 *
 * Behind Google's front end the socket's peer is Google's proxy on an internal address. The front
 * end appends the address that connected to it: the client's, when the function's own URL is
 * called, or Firebase Hosting's CDN, which has already appended the client's (docs/firebase.md,
 * "The client's address", says how this was established and how to check it after a deploy).
 * So the hops believed are the internal peer, then Google's front-end and Hosting's CDN
 * addresses (frontEnds.ts); the first other address is the client.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';
import { MESSAGES } from '@flipstage/core';
import type { AppConfig } from '../config.js';
import { invalid } from '../services/errors.js';
import { FRONT_END_RANGES } from './frontEnds.js';

function blockList(ranges: ReadonlyArray<readonly [string, number]>): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of ranges) list.addSubnet(net, prefix, isIPv4(net) ? 'ipv4' : 'ipv6');
  return list;
}

const INTERNAL = blockList([
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
]);
const FRONT_ENDS = blockList(FRONT_END_RANGES);

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

function within(list: BlockList, address: string): boolean {
  const v4 = MAPPED_IPV4.exec(address)?.[1] ?? address;
  if (isIPv4(v4)) return list.check(v4, 'ipv4');
  return isIPv6(address) && list.check(address, 'ipv6');
}

/**
 * Express's `trust proxy` for a config. With 'forwarded', the socket's peer is believed when it is
 * internal, and each X-Forwarded-For entry from the right while it is one of our front ends; req.ip
 * is the first address not believed. Otherwise req.ip is the socket's peer.
 */
export function trustProxy(mode: AppConfig['clientAddress']): false | ((address: string, hop: number) => boolean) {
  if (mode === 'socket') return false;
  return (address, hop) => (hop === 0 ? within(INTERNAL, address) : within(FRONT_ENDS, address));
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
 * household or host receives whole and could otherwise step through an address at a time. A
 * client address that is not an IP address (a header entry our front end did not write) is
 * refused with 400 rather than counted under a name the caller chose.
 */
export function clientAddressKey(req: Request): string {
  const address = req.ip ?? req.socket.remoteAddress ?? '';
  const v4 = MAPPED_IPV4.exec(address)?.[1] ?? address;
  if (isIPv4(v4)) return v4;
  if (isIPv6(address)) return `${ipv6Groups(address).slice(0, 4).join(':')}::/64`;
  throw invalid(MESSAGES.unreadableClientAddress);
}
