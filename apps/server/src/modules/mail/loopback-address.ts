import { isIPv4 } from 'node:net';

/**
 * Whether a socket's address is this machine's own: 127.0.0.0/8, ::1, or an IPv4 loopback
 * address as a dual-stack socket reports it (::ffff:127.x.y.z). Anything else, and an
 * unknown address, is not.
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIPv4(v4)) return v4.startsWith('127.');
  return address === '::1' || address === '0:0:0:0:0:0:0:1';
}
