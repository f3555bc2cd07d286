/**
 * The ceiling of `npm run bench` (issue 18): an empty Remix v2 app, built by
 * the same remix CLI as the portal and served by remix-serve. Its default
 * entries (Remix's own entry.server and entry.client) are used on purpose.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
