import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";
import { env } from "@/lib/env";

// Deliveries never reach the service's own network (docs/webhooks.md, "Where deliveries go"):
// an endpoint's name is resolved at every attempt, every address it resolves to is checked, and
// the connection goes to the address checked (no second lookup a rebinding name could answer
// differently). Redirects are not followed. Loopback is allowed only with WEBHOOK_ALLOW_LOOPBACK
// (on by default outside production, for a receiver on the developer's own machine).

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

const NOT_PUBLIC = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, "ipv4");
// IPv6: only global unicast (2000::/3), less the parts of it that embed or reach an IPv4
// address (6to4, Teredo, NAT64) or are reserved. Everything else (::/96 IPv4-compatible,
// ::ffff:0:0:0/96, fc00::/7, fe80::/10, fec0::/10, ff00::/8, ...) is outside 2000::/3.
const GLOBAL_UNICAST = new BlockList();
GLOBAL_UNICAST.addSubnet("2000::", 3, "ipv6");
for (const [net, bits] of [
  ["2001::", 32],
  ["2001:db8::", 32],
  ["2002::", 16],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, "ipv6");

export class TargetRefusedError extends Error {}

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d or ::ffff:xxxx:xxxx) is judged as IPv4. */
function normalize(address: string): { address: string; family: "ipv4" | "ipv6" } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], family: "ipv4" };
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const n = (Number.parseInt(hex[1], 16) << 16) | Number.parseInt(hex[2], 16);
    return { address: [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join("."), family: "ipv4" };
  }
  return { address, family: isIP(address) === 6 ? "ipv6" : "ipv4" };
}

export function isLoopback(address: string): boolean {
  const a = normalize(address);
  return LOOPBACK.check(a.address, a.family);
}

/** What makes an address undeliverable ("a loopback address", ...), or null when it is not. */
function addressKind(address: string): string | null {
  const a = normalize(address);
  if (LOOPBACK.check(a.address, a.family)) return env().WEBHOOK_ALLOW_LOOPBACK ? null : "a loopback address";
  if (a.family === "ipv6" && !GLOBAL_UNICAST.check(a.address, "ipv6"))
    return "a private, link-local or reserved address";
  if (NOT_PUBLIC.check(a.address, a.family)) return "a private, link-local or reserved address";
  return null;
}

/** Why an address may not be delivered to, or null when it may. */
export function addressRefusal(address: string): string | null {
  const kind = addressKind(address);
  return kind && `${address} is ${kind}`;
}

const isLocalName = (host: string) => host === "localhost" || host.endsWith(".localhost");

/**
 * Checks an endpoint URL as written (scheme, credentials, a literal address); names are checked
 * again at each delivery, when they are resolved. Returns the refusal, or null when acceptable.
 */
export function urlRefusal(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute URL";
  }
  if (url.username || url.password) return "must not carry a user name or password";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const local = isLocalName(host) || (isIP(host) !== 0 && isLoopback(host));
  if (url.protocol === "http:" && !(local && env().WEBHOOK_ALLOW_LOOPBACK))
    return "must use https (http only for localhost in development)";
  if (url.protocol !== "https:" && url.protocol !== "http:") return "must use https";
  if (local && !env().WEBHOOK_ALLOW_LOOPBACK) return `${host} is a loopback address`;
  if (isIP(host) !== 0) return addressRefusal(host);
  return null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

type Resolver = (
  hostname: string,
  options: { all: true },
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * A `lookup` for http.request: resolves every address of the name, refuses the connection if
 * any is not allowed, and hands the socket only addresses it checked.
 */
export function guardedLookupWith(resolve: Resolver) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback): void => {
    resolve(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      for (const a of addresses) {
        const kind = addressKind(a.address);
        // The address itself is not told: the service's resolver would map internal names.
        if (kind) return callback(new TargetRefusedError(`${hostname} resolves to ${kind}`), []);
      }
      if (addresses.length === 0) return callback(new TargetRefusedError(`${hostname} has no address`), []);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export const guardedLookup = guardedLookupWith(dnsLookup as Resolver);
