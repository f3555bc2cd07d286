/** /member itself: the same guard and 404 as any member page not built yet. */
export { loader, default, ErrorBoundary } from "./$";
