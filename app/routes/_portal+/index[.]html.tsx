/** Another address of the home lobby. */
export { default, ErrorBoundary, loader, meta } from "./index";
