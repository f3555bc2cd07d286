import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, test } from "vitest";
import { installPeerAddress, PEER_ADDRESS_HEADER, peerAddress } from "~/server/peer-address.server";
import { deviceName } from "~/utils/device";

describe("the peer's address", () => {
  installPeerAddress();
  const server = createServer((request, response) => {
    response.end(String(request.headers[PEER_ADDRESS_HEADER] ?? ""));
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  test("every request carries the socket's address, whatever the client sent under that name", async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { [PEER_ADDRESS_HEADER]: "203.0.113.9" },
    });
    const seen = await response.text();
    expect(seen).toMatch(/127\.0\.0\.1$/);
    const request = new Request("http://localhost/", { headers: { [PEER_ADDRESS_HEADER]: seen } });
    expect(peerAddress(request)).toBe("127.0.0.1");
  });

  test("an IPv4-mapped IPv6 address reads as IPv4; anything else that is not an address is null", () => {
    const of = (value: string) =>
      peerAddress(new Request("http://localhost/", { headers: { [PEER_ADDRESS_HEADER]: value } }));
    expect(of("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(of("2001:db8::1")).toBe("2001:db8::1");
    expect(of("not an address")).toBeNull();
    expect(peerAddress(new Request("http://localhost/"))).toBeNull();
  });
});

test("device names are short and readable", () => {
  expect(
    deviceName(
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
    ),
  ).toBe("Chrome · Windows");
  expect(
    deviceName(
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    ),
  ).toBe("Safari · iPhone");
  expect(deviceName("playwright signIn")).toBeNull();
  expect(deviceName(null)).toBeNull();
});
