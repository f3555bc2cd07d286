import "@testing-library/jest-dom/vitest";
import { afterEach } from "vitest";

// Testing Library unmounts after each test on its own only in the file that first imported
// it: files that share a worker's modules (vitest.config.ts) get it here, for every file.
afterEach(async () => {
  if (typeof document === "undefined") return;
  const { cleanup } = await import("@testing-library/react");
  cleanup();
});
