import { isIP } from "node:net";

/**
 * The network a client address belongs to, as per-address limits count it: an IPv4
 * address itself (also when written IPv4-mapped, `::ffff:192.0.2.1`), an IPv6 address's /64
 * (`2001:db8:0:1::/64`), since one subscriber usually holds a whole /64 and can use any
 * address in it. Anything else is returned as it is.
 */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const bare = address.split("%")[0]!;
  const [head = "", tail = ""] = bare.split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  // An embedded IPv4 address (only ever the last 32 bits) is two groups.
  const width = (parts: string[]) => parts.reduce((n, part) => n + (part.includes(".") ? 2 : 1), 0);
  const before = groups(head);
  const after = bare.includes("::") ? groups(tail) : [];
  const full = [...before, ...Array<string>(8 - width(before) - width(after)).fill("0"), ...after];
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}
