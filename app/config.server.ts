import * as z from "zod/v4";

const flag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/**
 * Every environment variable the portal reads, parsed once at start-up.
 * A bad value stops the process with a message naming the variable.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
    .optional(),
  PGLITE_DATA_DIR: z.string().min(1).default("./data/pglite"),
  BRAND_FILE: z.string().min(1).optional(),
  SEED_DEMO: flag.default(false),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  GEO_COUNTRY_HEADER: z
    .string()
    .regex(/^[a-z0-9-]+$/, "must be a lower-case header name")
    .optional(),
  CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  STATUS_CACHE_MS: z.coerce.number().int().min(0).default(2_000),
  BENCH_ROUTES: flag.default(false),
});

export type Config = z.infer<typeof configSchema>;

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
