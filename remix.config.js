import { flatRoutes } from "remix-flat-routes";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Routes come only from remix-flat-routes (`+` folders: the file name is the URL).
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      // `__name.ts` beside a route is code of that feature, not a route (ADR 14).
      ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/*.css", "**/.*", "**/__*.*"],
    }),
  serverModuleFormat: "esm",
  // Swiper ships ESM-only CSS and JS; bundling keeps Node from loading .css files.
  serverDependenciesToBundle: [/^swiper/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
