import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  installRequestLogRedaction,
  redactUrl,
  remixServeMorgan,
} from "~/server/request-log.server";

/**
 * remix-serve logs each request with morgan("tiny"). The morgan it loaded is
 * the one our build redefines tokens on; here a real HTTP server logs through
 * that same morgan, the way remix-serve's express app does.
 */
type Morgan = ((format: string, options: object) => Handler) & { token: unknown };
type Handler = (req: unknown, res: unknown, next: (error?: unknown) => void) => void;

const lines: string[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  const morgan = remixServeMorgan() as unknown as Morgan;
  expect(morgan).not.toBeNull();
  expect(installRequestLogRedaction()).toBe(true);
  // remix-serve's own line: app.use(morgan("tiny")), here with a stream we can read.
  const log = morgan("tiny", { stream: { write: (line: string) => lines.push(line) } });
  server = createServer((req, res) => log(req, res, () => res.end("ok")));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

async function logLineFor(path: string): Promise<string> {
  const before = lines.length;
  await (await fetch(`${origin}${path}`)).text();
  for (let wait = 0; lines.length === before && wait < 50; wait++)
    await new Promise((resolve) => setTimeout(resolve, 10));
  return lines.slice(before).join("");
}

describe("the request log", () => {
  test("never writes a token, a ticket or a setup link's secret", async () => {
    const line = await logLineFor("/x?token=abc");
    expect(line).toMatch(/^GET \/x\?token=\[redacted\] 200/);
    expect(line).not.toContain("abc");
    const reset = await logLineFor("/login?modal=reset&ticket=s3cr3tTicket&lng=ur");
    expect(reset).toContain("/login?modal=reset&ticket=[redacted]&lng=ur");
    expect(reset).not.toContain("s3cr3tTicket");
    const setup = await logLineFor("/ops/setup?Setup=Zm9vYmFy&x=1");
    expect(setup).not.toContain("Zm9vYmFy");
    const game = await logLineFor("/demo-games/launchSecret123/verify/9");
    expect(game).toContain("/demo-games/[redacted]/verify/9");
    expect(game).not.toContain("launchSecret123");
  });

  test("keeps everything else as it was", async () => {
    expect(await logLineFor("/live?lng=ur&page=2")).toMatch(/^GET \/live\?lng=ur&page=2 200/);
  });
});

describe("redactUrl", () => {
  test.each([
    ["/a?token=1&b=2", "/a?token=[redacted]&b=2"],
    ["/a?b=2&tok%65n=1", "/a?b=2&tok%65n=[redacted]"],
    ["/a?ticket", "/a?ticket=[redacted]"],
    [
      "https://portal.example/ops/setup?token=x#y",
      "https://portal.example/ops/setup?token=[redacted]",
    ],
    ["/plain", "/plain"],
    ["/a?code=LUCKY1", "/a?code=LUCKY1"],
  ])("%s → %s", (input, output) => {
    expect(redactUrl(input)).toBe(output);
  });
});
