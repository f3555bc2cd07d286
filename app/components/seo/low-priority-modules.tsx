import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext, useState } from "react";

/**
 * The page's modules, asked for first and at low priority (ADR 29). Remix's
 * `<Scripts>` preloads the same files at the browser's default, high priority,
 * at the end of the body; a phone on a slow network then shares its first
 * second between the hydration code and the first paint and banner. The page
 * works without that code (every form posts), so it waits: these links come
 * first, and the browser's module map answers Remix's later preloads of the
 * same addresses from the same downloads.
 */
export function LowPriorityModules() {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  // The first render's list, kept: hydration renders exactly what the server did,
  // and a navigation does not add links for modules already running.
  const [modules] = useState(() => {
    if (!remix) return [];
    const { manifest } = remix;
    const routeModules = matches.flatMap((match) => {
      const route = manifest.routes[match.id];
      return route ? [...(route.imports ?? []), route.module] : [];
    });
    return [...new Set([manifest.entry.module, ...manifest.entry.imports, ...routeModules])];
  });
  return (
    <>
      {modules.map((href) => (
        // Lower-case, as React 18 passes it through (it does not know fetchPriority).
        <link key={href} rel="modulepreload" href={href} {...{ fetchpriority: "low" }} />
      ))}
    </>
  );
}
