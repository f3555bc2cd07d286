// The body of `npm run audit:verify` (scripts/audit-verify.sh bundles and runs it).
import { getConfig } from "~/config.server";
import { sealAuditLog, verifyAuditChain } from "~/platform/audit/audit-chain.server";
import { configuredLocation, openDatabase } from "~/platform/db/open.server";

let broken = false;
// The database the server's own configuration names (the same environment, the same checks).
const handle = await openDatabase(configuredLocation(getConfig()));
try {
  const sealed = await sealAuditLog(handle.db);
  const report = await verifyAuditChain(handle.db);
  console.log(JSON.stringify({ sealed, ...report }));
  if (report.ok) {
    console.error(
      `audit chain holds: ${report.rows} rows, the last (${report.lastSeq ?? "none"}) hashed ${report.lastHash ?? "-"}`,
    );
  } else {
    console.error(
      `audit chain broken at place ${report.seq}: ${
        {
          hash: "the row's content is not what was sealed",
          link: "it does not follow the row before",
          gap: "rows before it are missing",
        }[report.problem]
      }`,
    );
    broken = true;
  }
} finally {
  await handle.close();
}
// Explicitly, after the close: PGlite's runtime sets the exit code as it shuts down.
process.exit(broken ? 1 : 0);
