import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, gzipJoined } from "~/server/page-gzip.server";

const parts = [
  Buffer.from('<!DOCTYPE html><html><head><script nonce="'),
  Buffer.from('">window.x=1</script><style>' + "body{color:red}".repeat(4000)),
  Buffer.from('</style></head><body><p>ہیلو 😀</p><script nonce="'),
  Buffer.from('"></script></body></html>'),
];

const joined = (joint: string) => parts.map(String).join(joint);

describe("a stored page gzipped from parts deflated once", () => {
  it("gunzips to the page with each response's nonce, response after response", () => {
    for (const nonce of ["k1wj66rfU8tQT8JovgRQ+w==", "another+nonce/0123456789=="]) {
      const body = gzipJoined(parts, Buffer.from(nonce));
      expect(gunzipSync(body).toString()).toBe(joined(nonce));
    }
  });

  it("is a page of one part too, and smaller than the page", () => {
    const body = gzipJoined([parts[1]!], Buffer.from("unused"));
    expect(gunzipSync(body).toString()).toBe(String(parts[1]));
    expect(body.length).toBeLessThan(parts[1]!.length / 10);
  });
});

describe("which requests take gzip", () => {
  it.each([
    ["gzip, deflate, br, zstd", true],
    ["br;q=1.0, gzip;q=0.8, *;q=0.1", true],
    ["*", true],
    ["GZIP", true],
    ["gzip;q=0", false],
    ["gzip;q=0, *", false],
    ["identity", false],
    ["br", false],
    [null, false],
  ])("Accept-Encoding %s → %s", (header, expected) => {
    const headers = new Headers(header === null ? {} : { "Accept-Encoding": header });
    expect(acceptsGzip(new Request("http://portal.test/", { headers }))).toBe(expected);
  });
});
