import { describe, expect, it } from "vitest";
import { clientNetwork } from "./client-network.ts";

describe("clientNetwork", () => {
  it("counts IPv6 clients by their /64, however the address is written", () => {
    expect(clientNetwork("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:0db8:0001:0002:ffff:ffff:ffff:fffe")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:DB8:1:2:a:b:c:d")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientNetwork("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(clientNetwork("2001:db8:1:3::1")).not.toBe(clientNetwork("2001:db8:1:2::1"));
  });

  it("keeps IPv4 addresses whole, also IPv4-mapped ones", () => {
    expect(clientNetwork("192.0.2.7")).toBe("192.0.2.7");
    expect(clientNetwork("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientNetwork("unknown")).toBe("unknown");
  });
});
