import { describe, expect, test, vi } from "vitest";
import { DATA_REQUEST_HEADER } from "~/server/data-request.server";
import { PEER_ADDRESS_HEADER } from "~/server/peer-address.server";
import { useSeededDatabase } from "../helpers/database";
import { routeArgs, thrownResponse } from "../helpers/routes";

// Two fresh visitor renders per address and minute, before anything reads the config.
vi.hoisted(() => {
  process.env.VISITOR_RENDERS_PER_MINUTE = "2";
});

useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const root = () => import("~/root");

/** A request as it reaches Remix through the HTTP server: stamped, from this address. */
const arrived = (url: string, address: string, dataRequest = false) =>
  routeArgs(url, {
    headers: {
      Accept: "*/*",
      [DATA_REQUEST_HEADER]: dataRequest ? "1" : "0",
      [PEER_ADDRESS_HEADER]: address,
    },
  });

describe("the visitors' fresh-render budget", () => {
  test("an address asking for ever-new visitor pages gets a 429 once its minute's renders are spent", async () => {
    const { loader } = await root();
    // Each a new variant the cache cannot answer (nothing stores them here).
    await loader(arrived("/pvp?page=1", "203.0.113.9"));
    await loader(arrived("/pvp?page=2", "203.0.113.9"));
    const refused = await thrownResponse(loader(arrived("/pvp?page=3", "203.0.113.9")));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");

    // Another address has its own budget; a made-up parameter is still a render to pay for.
    await loader(arrived("/pvp?x=1", "192.0.2.44"));
    // A data request of Remix's is not a visitor page render: the spent budget does not refuse it.
    await loader(arrived("/pvp?page=4", "203.0.113.9", true));
  });
});
