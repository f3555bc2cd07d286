// The layer rule (DESIGN §2, ADR 14) as import/no-restricted-paths zones. Arrows point
// down: routes → components/utils → platform. tests/lint/layers.test.ts proves each zone fails.
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
    target: "./app/utils",
    from: ["./app/components", "./app/routes"],
    message:
      "app/utils holds request helpers shared by features; it imports no components or routes.",
  },
];
