// The layer rules (ADR 14, ADR 33) as import/no-restricted-paths zones. Arrows point down:
// routes → components/utils → platform, and inside the platform from floor to floor.
// tests/lint/layers.test.ts proves each kind of zone fails.
export const layerZones = [
  {
    target: "./app/platform",
    from: ["./app/utils", "./app/components", "./app/routes"],
    message:
      "app/platform is the liftable service: it imports nothing from utils, components or routes.",
  },
  {
    target: "./app/components",
    from: ["./app/routes"],
    message: "Components are presentational: routes import them, never the other way round.",
  },
  {
    target: "./app/components/**/*",
    from: ["./app/**/*.server.ts", "./app/**/*.server.tsx"],
    // A component's own `*.server.ts` sibling only re-exports the component for the server render (lazy-component.tsx).
    except: ["**/app/components/**/*.server.ts"],
    message:
      "Components never import server modules (not even types): describe the props they render instead.",
  },
  {
    target: "./app/server",
    from: ["./app/components", "./app/routes"],
    message:
      "app/server is the request machinery under every page (page cache, gzip, CSP, request ids, document stream): it imports no components or routes.",
  },
  {
    target: ["./app/routes", "./app/components", "./app/utils", "./app/platform", "./app/root.tsx"],
    from: "./app/server/route-matching.server.ts",
    message:
      "The Remix route-matching patch is installed by entry.server.tsx alone, at start-up (ADR 24).",
  },
  {
    target: "./app/utils",
    from: ["./app/components", "./app/routes"],
    message:
      "app/utils holds request helpers shared by features; it imports no components or routes.",
  },
];

/**
 * app/platform's floors, the ground first: a module imports from its own
 * folder and from floors below, never from one above (ADR 33). db/ is the
 * ground of the contexts; start-up and the demo seed, which call everything,
 * stand on top.
 */
export const platformFloors = [
  [
    "errors.ts",
    "log.server.ts",
    "text",
    "calendar",
    "signed-messages.server.ts",
    "uploads",
    "images",
  ],
  ["db"],
  ["cache.server.ts"],
  ["audit"],
  ["events"],
  ["system"],
  ["content"],
  ["protection"],
  ["identity"],
  ["catalog"],
  ["wallet"],
  ["rewards"],
  ["registration"],
  ["play"],
  ["contact"],
  ["agency"],
  ["players"],
  ["seed"],
  ["start.server.ts"],
];

/**
 * The one link that runs against the floors, each module named (ADR 33): a
 * confirmed deposit qualifies for bonuses, VIP and points, and a withdrawal
 * forfeits a locked bonus, in the same transaction as the money; the records
 * page names a bonus's promotion.
 */
const walletCallsIntoRewards = [
  "qualify.server.ts",
  "vip.server.ts",
  "points/earning.server.ts",
  "bonus-grants.server.ts",
  "promotion-names.server.ts",
];

const platformPath = (name) => `./app/platform/${name}`;

export const platformFloorZones = platformFloors.flatMap((floor, level) => {
  const above = platformFloors.slice(level + 1).flat();
  if (above.length === 0) return [];
  const message = `app/platform's floors: ${floor.join(", ")} may import only from floors below (eslint.layers.js, ADR 33).`;
  return floor.flatMap((name) => {
    const target = platformPath(name);
    if (name !== "wallet") return [{ target, from: above.map(platformPath), message }];
    return [
      { target, from: above.filter((n) => n !== "rewards").map(platformPath), message },
      {
        target,
        from: platformPath("rewards"),
        except: walletCallsIntoRewards.map((f) => `./${f}`),
        message,
      },
    ];
  });
});
