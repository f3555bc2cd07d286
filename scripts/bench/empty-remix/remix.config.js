import portal from "../../../remix.config.js";

/**
 * The ceiling of `npm run bench` (issue 18): an empty Remix v2 app, built by
 * the same remix CLI as the portal, with the portal's future flags, and served
 * by remix-serve. Remix's own default entry.server and entry.client on purpose.
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  future: portal.future,
};
