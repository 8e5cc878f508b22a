import { hostname, networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

/**
 * The hosts a client can put in an endpoint URL (`opc.tcp://<host>:<port>`) for a server listening on `host`: that
 * address itself, or, for every interface (0.0.0.0, ::), 127.0.0.1 on this machine, each IPv4 address of the
 * machine's network interfaces (what another machine of the plant's LAN uses), and the machine's name (which the server
 * announces, and which only resolves where the plant's DNS knows it). 0.0.0.0 itself is no address to connect to.
 */
export function connectableHosts(
  host: string,
  machine: { interfaces: Record<string, NetworkInterfaceInfo[] | undefined>; name: string } = {
    interfaces: networkInterfaces(),
    name: hostname(),
  },
): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [host.includes(':') ? `[${host}]` : host];
  const external = Object.values(machine.interfaces)
    .flatMap((addresses) => addresses ?? [])
    .filter((address) => address.family === 'IPv4' && !address.internal)
    .map((address) => address.address);
  return [...new Set(['127.0.0.1', ...external, machine.name])];
}
