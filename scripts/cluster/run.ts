// `npm run cluster`: two portal processes on one PostgreSQL (CLUSTER_DATABASE_URL)
// behind haproxy, until Ctrl-C, which stops them gracefully.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "./checks";
import { startPortal, startProxy, stopPortal } from "./portals";

const url = process.env.CLUSTER_DATABASE_URL;
if (!url) throw new Error("CLUSTER_DATABASE_URL is required");
const BASE = Number(process.env.CLUSTER_PORT_BASE ?? 4200);

async function main() {
  const logDir = mkdtempSync(join(tmpdir(), "portal-cluster-"));
  // One after the other: the first migrates and seeds, the second finds it done.
  const a = await startPortal({ name: "a", port: BASE + 1, databaseUrl: url, logDir });
  const b = await startPortal({ name: "b", port: BASE + 2, databaseUrl: url, logDir });
  const proxy = await startProxy(BASE, [a.port, b.port], logDir);
  console.log(`[cluster] ${proxy.url} → ${a.url} and ${b.url} (logs in ${logDir}); Ctrl-C stops`);
  const stop = async () => {
    await proxy.stop();
    const stopped = await Promise.all([stopPortal(a), stopPortal(b)]);
    console.log(`[cluster] stopped: ${stopped.map((s) => `exit ${s.code}`).join(", ")}`);
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
}

run(main);
