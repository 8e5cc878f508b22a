import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { connectableHosts } from './simulator-addresses';

const address = (family: 'IPv4' | 'IPv6', value: string, internal = false) =>
  ({ family, address: value, internal }) as NetworkInterfaceInfo;

describe('the addresses the simulator advertises', () => {
  const machine = {
    name: 'planta-pc',
    interfaces: {
      lo: [address('IPv4', '127.0.0.1', true), address('IPv6', '::1', true)],
      eth0: [address('IPv4', '192.168.10.5'), address('IPv6', 'fe80::1')],
      wlan0: undefined,
    },
  };

  it('listening on every interface: this machine, each LAN IPv4 address and the machine name — never 0.0.0.0', () => {
    expect(connectableHosts('0.0.0.0', machine)).toEqual(['127.0.0.1', '192.168.10.5', 'planta-pc']);
    expect(connectableHosts('::', machine)).toEqual(['127.0.0.1', '192.168.10.5', 'planta-pc']);
  });

  it('listening on one address: that address (an IPv6 one in brackets, as a URL needs)', () => {
    expect(connectableHosts('192.168.10.5', machine)).toEqual(['192.168.10.5']);
    expect(connectableHosts('fe80::1', machine)).toEqual(['[fe80::1]']);
  });
});
