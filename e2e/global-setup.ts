import pg from "pg";

/**
 * With E2E_DATABASE_URL: make sure no earlier, interrupted run left the
 * portal in maintenance (npm test always starts from a new database; a
 * hand-run `npx playwright test` against a kept one may not).
 */
export default async function globalSetup() {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `update settings set value = '{"maintenance": false}'::jsonb, updated_at = now() where key = 'status'`,
    );
  } catch (error) {
    // A new database has no tables until the server's first start migrates it.
    if ((error as { code?: string }).code !== "42P01") throw error;
  } finally {
    await client.end();
  }
}
