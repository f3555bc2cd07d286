import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";

/**
 * The file's mock HTTP server (msw): listening for the whole file, strict
 * (a request no handler answers fails the test), and back to `handlers`
 * after each test, so what a test adds with `server.use(...)` stays its own.
 */
export function useMswServer(...handlers: Parameters<typeof setupServer>) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
