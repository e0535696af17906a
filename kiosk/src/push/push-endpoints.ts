import { type LookupAddress, lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where a device's push endpoint may point (DESIGN §13). A player names the endpoint, and the
 * kiosk posts to it: without these checks a player could aim the server at any host, the
 * club's own network included. The host is checked when subscribing; the address it resolves
 * to when sending, on the connection itself, so a name re-pointed later gains nothing.
 */

/** The browsers' push services: Chrome and Edge on Android (FCM), Firefox, Safari, Windows. */
const KNOWN_PUSH_SERVICES = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

export interface EndpointPolicy {
  /** host names allowed, each with its subdomains */
  hosts: readonly string[];
  /** tests and a push service on this machine: http, any port, private addresses */
  allowLocal: boolean;
}

export function endpointPolicy(config: {
  PUSH_SERVICE_HOSTS?: string[] | undefined;
  PUSH_ALLOW_LOCAL?: boolean | undefined;
}): EndpointPolicy {
  return {
    hosts: [...KNOWN_PUSH_SERVICES, ...(config.PUSH_SERVICE_HOSTS ?? [])],
    allowLocal: config.PUSH_ALLOW_LOCAL ?? false,
  };
}

const onList = (host: string, hosts: readonly string[]) => hosts.some((h) => host === h || host.endsWith(`.${h}`));

/**
 * Whether a device may subscribe with this endpoint: https on the default port, a host name
 * (never an address) on the push services' list. Answers the validation rule it breaks, if any.
 */
export function endpointRefusal(
  endpoint: string,
  policy: EndpointPolicy,
): 'validation.url' | 'validation.push_service' | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'validation.url';
  }
  const secure = url.protocol === 'https:' && url.port === '';
  if (!secure && !(policy.allowLocal && (url.protocol === 'https:' || url.protocol === 'http:')))
    return 'validation.url';
  if (url.username || url.password) return 'validation.url';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) return 'validation.push_service';
  if (!onList(host, policy.hosts)) return 'validation.push_service';
  return undefined;
}

/** Addresses no push service has: private, loopback, link-local, shared, reserved and the like. */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  // unspecified, loopback and the old IPv4-compatible form (IPv4-mapped ones meet the IPv4 rules)
  ['::', 96],
  // IPv4 in IPv6 forms whose IPv4 part the checks above do not see
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for the connection to a push service: the name's addresses, refused when any of
 * them is not a public one (unless local ones are allowed). The socket connects to what this
 * answered, so the address checked is the address used.
 */
export function publicOnlyLookup(allowLocal: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    lookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = allowLocal ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (refused || !addresses.length) {
        const why = Object.assign(new Error(`push service ${hostname} resolves to a non-public address`), {
          code: 'EPUSHADDRESS',
        });
        return callback(why, []);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}
