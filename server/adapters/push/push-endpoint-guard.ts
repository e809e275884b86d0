import dns from 'node:dns';
import net from 'node:net';

/**
 * A subscription's endpoint is whatever a member's browser — or a member pretending to be one —
 * sent us, and the server POSTs to it. So only https is called, and never an address inside
 * the deployment's network (loopback, private, link-local, cloud metadata …): checked on the
 * address actually connected to, after DNS, so a name that resolves inward is refused too.
 */
export interface EndpointPolicy {
  /** Tests run their push service over plain http. */
  allowHttp?: boolean;
  /** Tests run their push service on 127.0.0.1. */
  allowPrivateAddresses?: boolean;
}

/** An endpoint the server will not call; the subscription is worthless and can go. */
export class RefusedEndpointError extends Error {
  constructor(reason: string) {
    super(`push endpoint refused: ${reason}`);
    this.name = 'RefusedEndpointError';
  }
}

const blockList = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blockList.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  // Teredo and 6to4 carry an IPv4 address inside; no push service is reached through them.
  ['2001::', 32],
  ['2002::', 16],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blockList.addSubnet(network, prefix, 'ipv6');
}

/** Whether the address lies in a range no public push service uses (IPv4-mapped IPv6 counted as its IPv4). */
export function isNonPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blockList.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blockList.check(mapped[1], 'ipv4');
  // ::ffff:7f00:1 is 127.0.0.1 too, written in hex.
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) {
    const [high, low] = [parseInt(hexMapped[1], 16), parseInt(hexMapped[2], 16)];
    return blockList.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return blockList.check(address, 'ipv6');
}

export function createEndpointGuard(policy: EndpointPolicy = {}) {
  /** `dns.lookup` that refuses inward addresses, for `http.request({ lookup })`. */
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const refused = addresses.find((entry) => isNonPublicAddress(entry.address));
      if (refused) return callback(new RefusedEndpointError(`${hostname} resolves to ${refused.address}`), '', 4);
      if (options.all) return (callback as unknown as (error: null, addresses: dns.LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };

  return {
    /** The URL to call, or RefusedEndpointError: not https (or http when allowed), or an IP literal inside the network. */
    check(endpoint: string): URL {
      let url: URL;
      try {
        url = new URL(endpoint);
      } catch {
        throw new RefusedEndpointError('not a URL');
      }
      const schemeAllowed = url.protocol === 'https:' || (policy.allowHttp === true && url.protocol === 'http:');
      if (!schemeAllowed) throw new RefusedEndpointError(`scheme ${url.protocol}`);
      if (url.username || url.password) throw new RefusedEndpointError('credentials in the URL');
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // An IP literal is connected to without any lookup, so it is checked here; names are
      // checked on what they resolve to (`lookup`).
      if (!policy.allowPrivateAddresses && net.isIP(host) && isNonPublicAddress(host)) throw new RefusedEndpointError(`host ${host}`);
      return url;
    },
    /** Undefined when private addresses are allowed: the default lookup then applies. */
    lookup: policy.allowPrivateAddresses ? undefined : lookup,
  };
}
export type EndpointGuard = ReturnType<typeof createEndpointGuard>;
