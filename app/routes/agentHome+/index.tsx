/** /agentHome itself: the same guard and 404 as any agent page not built yet. */
export { loader, default, ErrorBoundary } from "./$";
