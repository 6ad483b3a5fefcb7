import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './loopback-address.ts';

describe('isLoopbackAddress', () => {
  it('knows this machine’s own addresses, IPv4, IPv6 and IPv4 on a dual-stack socket', () => {
    for (const address of [
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '0:0:0:0:0:0:0:1',
      '::ffff:127.0.0.1',
      '::FFFF:127.9.9.9',
    ]) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
  });

  it('refuses every other address, and none at all', () => {
    for (const address of [
      '10.0.0.5',
      '192.168.1.10',
      '128.0.0.1',
      '::ffff:10.0.0.1',
      '::2',
      'fe80::1',
      '127.0.0.1.evil',
      '',
    ]) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
    expect(isLoopbackAddress(undefined)).toBe(false);
  });
});
