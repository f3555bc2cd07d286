import { describe, expect, test } from "vitest";
import { launchDecision, type LaunchTarget, type Launcher } from "~/platform/play/launch-routing";
import { throughLaunchCdn } from "~/platform/play/launch.server";

const game = (
  vassalage: string,
  isGame = "GAME",
  gameCode: string | null = "G1",
): LaunchTarget => ({ vassalage, gameCode, isGame });

/** Game launch: every vassalage case, for every kind of launcher and both modes. */
const table: [
  string,
  LaunchTarget,
  Launcher,
  "real" | "demo",
  ReturnType<typeof launchDecision>,
][] = [
  ["visitor, any game", game("PG"), "visitor", "real", { kind: "login" }],
  ["visitor, free trial", game("PG"), "visitor", "demo", { kind: "login" }],
  ["visitor, lottery", game("LOTT"), "visitor", "real", { kind: "login" }],
  ["trial, real game", game("PG"), "trial", "real", { kind: "real-account" }],
  ["trial, free trial", game("PG"), "trial", "demo", { kind: "game", mode: "demo" }],
  [
    "trial, lottery (no play money)",
    game("TCG_LOTTO_VN"),
    "trial",
    "demo",
    { kind: "real-account" },
  ],
  ["trial, vendor list", game("EVO", "VASSALAGE", null), "trial", "real", { kind: "real-account" }],
  [
    "member, TCG_LOTTO_VN",
    game("TCG_LOTTO_VN", "GAME", "VN01"),
    "member",
    "real",
    { kind: "lottery", path: "/vnLottery?gameCode=VN01" },
  ],
  [
    "member, TCG_SEA",
    game("TCG_SEA", "GAME", "SEA 2"),
    "member",
    "real",
    { kind: "lottery", path: "/seaLottery?gameCode=SEA%202" },
  ],
  [
    "member, LOTT",
    game("LOTT", "GAME", "L1"),
    "member",
    "real",
    { kind: "lottery", path: "/lottery?gameCode=L1" },
  ],
  [
    "member, ELOTT",
    game("ELOTT", "GAME", "E1"),
    "member",
    "real",
    { kind: "lottery", path: "/lottery?gameCode=E1" },
  ],
  [
    "member, lottery vendor card without a game",
    game("LOTT", "GAME", null),
    "member",
    "real",
    { kind: "lottery", path: "/lottery" },
  ],
  [
    "member, isGame VASSALAGE",
    game("EVO", "VASSALAGE", null),
    "member",
    "real",
    { kind: "vendor-games" },
  ],
  [
    "member, isGame VASSALAGE free trial",
    game("JDB", "VASSALAGE", null),
    "member",
    "demo",
    { kind: "vendor-games" },
  ],
  ["member, slot", game("PG"), "member", "real", { kind: "game", mode: "real" }],
  ["member, slot free trial", game("PG"), "member", "demo", { kind: "game", mode: "demo" }],
  ["member, sports", game("SBO"), "member", "real", { kind: "game", mode: "real" }],
];

describe("launch routing", () => {
  test.each(table)("%s", (_name, target, launcher, mode, expected) => {
    expect(launchDecision(target, launcher, mode)).toEqual(expected);
  });
});

describe("launch CDN (chosen at random from the list)", () => {
  const cdns = ["https://cdn1.games.example", "https://cdn2.games.example/"];
  test("a relative game URL goes through the CDN the random number picks", () => {
    expect(throughLaunchCdn("/demo-games/t", cdns, () => 0)).toBe(
      "https://cdn1.games.example/demo-games/t",
    );
    expect(throughLaunchCdn("/demo-games/t", cdns, () => 0.99)).toBe(
      "https://cdn2.games.example/demo-games/t",
    );
  });
  test("both CDNs are used over many launches", () => {
    const seen = new Set(
      Array.from({ length: 50 }, () => new URL(throughLaunchCdn("/g", cdns)).host),
    );
    expect(seen.size).toBe(2);
  });
  test("'/' is the portal itself, an absolute provider URL stays, no list leaves the URL", () => {
    expect(throughLaunchCdn("/demo-games/t", ["/"])).toBe("/demo-games/t");
    expect(throughLaunchCdn("https://vendor.example/play?x=1", cdns)).toBe(
      "https://vendor.example/play?x=1",
    );
    expect(throughLaunchCdn("/demo-games/t", [])).toBe("/demo-games/t");
  });
});
