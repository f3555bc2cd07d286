import * as z from "zod/v4";

const hexKey = z.string().regex(/^[0-9a-f]{64}$/i, "must be 64 hex digits");

/** Public keys of the demo: fine on a laptop, refused by a production start (anyone can read them here). */
export const DEMO_CS_PATH_KEY = "6c75636b792d686172626f75722d64656d6f2d63732d706174682d6b65792121";
export const DEMO_DATA_KEY = "6c75636b792d686172626f75722d64656d6f2d646174612d6b65792d30303031";
/** Where links point on a demo, development or test start that sets no PUBLIC_URL. */
export const DEV_PUBLIC_URL = "http://localhost:3000";

/** `https://host[:port]` from a URL with no path, query or fragment; null for anything else. */
function publicOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const plain = url.pathname === "/" && !url.search && !url.hash && !url.username;
  return plain && (url.protocol === "https:" || url.protocol === "http:") ? url.origin : null;
}

const flag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/**
 * Every environment variable the portal reads, parsed once at start-up.
 * A bad value stops the process with a message naming the variable.
 */
export const configSchema = z
  .object({
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
    /** Fresh renders of visitor pages one address may cause per minute; 0 for no limit. */
    VISITOR_RENDERS_PER_MINUTE: z.coerce.number().int().min(0).default(120),
    BENCH_ROUTES: flag.default(false),
    /** A session dies after this long without a request… */
    SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
    /** …and this long after login at the latest (remember-me sessions: one day). */
    SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
    /** With the expiry feature on (PWDEXPIRY3), a password older than this forces a change. */
    PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(1).default(90),
    /** expiredMinutes of an SMS code: how long it is valid and how long the get-code button waits. */
    SMS_CODE_MINUTES: z.coerce.number().int().min(1).max(30).default(1),
    /** Demo balance of a new free-play (trial) account, in minor units. */
    FREE_PLAY_CREDIT: z.coerce.number().int().min(0).default(200_000),
    /** HTTP SMS gateway; without it codes go to the embedded outbox table. */
    SMS_GATEWAY_URL: z.url().optional(),
    SMS_GATEWAY_KEY: z.string().min(1).optional(),
    /** HTTP mail API; without it mail goes to the embedded outbox table. */
    MAIL_API_URL: z.url().optional(),
    MAIL_API_KEY: z.string().min(1).optional(),
    MAIL_FROM: z.string().min(3).default("no-reply@portal.example"),
    /** HTTP payment gateway for "gateway" deposit channels; without it only the embedded channel is offered. */
    PAYMENT_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Shared HMAC key: signs our orders and authenticates the gateway's callbacks. */
    PAYMENT_GATEWAY_KEY: z.string().min(16, "must be at least 16 characters").optional(),
    /** HTTP game aggregator for the brand's `play.aggregatorVendors`; without it the demo provider runs every game. */
    GAME_AGGREGATOR_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** Shared HMAC key: signs our launch requests and authenticates the aggregator's wallet calls. */
    GAME_AGGREGATOR_KEY: z.string().min(16, "must be at least 16 characters").optional(),
    /** Seconds between two draws of each demo lottery game (e2e runs a short one). */
    LOTTERY_DRAW_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
    /** Seconds between runs of the platform scheduler (settlements, draws, auto-receive); 0 turns it off in this process. */
    SCHEDULER_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
    /** log2 of scrypt's N for new password hashes (r=8, p=1); a production start refuses less than 17 (OWASP). */
    PASSWORD_HASH_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
    /** AES-256 key (64 hex digits) of the customer-service targets in the brand file; demo/dev/test default to the demo brand's. */
    CS_PATH_KEY: hexKey.optional(),
    /** AES-256 key (64 hex digits) for data encrypted at rest; demo/dev/test default to a public demo key. */
    DATA_KEY: hexKey.optional(),
    /**
     * The portal's public origin (`https://portal.example`): links in mails and SMS, payment
     * callbacks and the first operator's setup link are built on it, never on a request's Host.
     */
    PUBLIC_URL: z
      .string()
      .transform((value, ctx) => {
        const origin = publicOrigin(value);
        if (origin) return origin;
        ctx.addIssue({
          code: "custom",
          message:
            "must be an http(s) origin only, such as https://portal.example (no path or query)",
        });
        return z.NEVER;
      })
      .optional(),
  })
  .refine((config) => !config.SMS_GATEWAY_URL || config.SMS_GATEWAY_KEY, {
    path: ["SMS_GATEWAY_KEY"],
    message: "is required when SMS_GATEWAY_URL is set",
  })
  .refine((config) => !config.MAIL_API_URL || config.MAIL_API_KEY, {
    path: ["MAIL_API_KEY"],
    message: "is required when MAIL_API_URL is set",
  })
  .refine((config) => !config.PAYMENT_GATEWAY_URL || config.PAYMENT_GATEWAY_KEY, {
    path: ["PAYMENT_GATEWAY_KEY"],
    message: "is required when PAYMENT_GATEWAY_URL is set",
  })
  .refine((config) => !config.GAME_AGGREGATOR_URL || config.GAME_AGGREGATOR_KEY, {
    path: ["GAME_AGGREGATOR_KEY"],
    message: "is required when GAME_AGGREGATOR_URL is set",
  })
  .superRefine((config, ctx) => {
    if (!isProductionStart(config)) return;
    // A production start without the demo: no public key, no link on an unknown origin.
    const required = "is required on a production start (NODE_ENV=production without SEED_DEMO)";
    const demo = "is still the public demo value; generate your own (docs/operations.md)";
    for (const [name, value, demoValue] of [
      ["CS_PATH_KEY", config.CS_PATH_KEY, DEMO_CS_PATH_KEY],
      ["DATA_KEY", config.DATA_KEY, DEMO_DATA_KEY],
    ] as const) {
      if (!value) ctx.addIssue({ code: "custom", path: [name], message: required });
      else if (value.toLowerCase() === demoValue)
        ctx.addIssue({ code: "custom", path: [name], message: demo });
    }
    if (!config.PUBLIC_URL)
      ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: required });
    if (config.PASSWORD_HASH_LOG_N < 17)
      ctx.addIssue({
        code: "custom",
        path: ["PASSWORD_HASH_LOG_N"],
        message: "must be at least 17 on a production start (OWASP's scrypt cost)",
      });
    if (!config.BRAND_FILE)
      ctx.addIssue({ code: "custom", path: ["BRAND_FILE"], message: required });
  })
  .transform((config) => ({
    ...config,
    CS_PATH_KEY: config.CS_PATH_KEY ?? DEMO_CS_PATH_KEY,
    DATA_KEY: config.DATA_KEY ?? DEMO_DATA_KEY,
    PUBLIC_URL: config.PUBLIC_URL ?? DEV_PUBLIC_URL,
  }));

/**
 * A production start: NODE_ENV=production without the demo. The demo (`npm run demo`) runs a
 * production build too, but seeds accounts with known passwords and is never for the internet.
 */
export function isProductionStart(config: { NODE_ENV: string; SEED_DEMO: boolean }): boolean {
  return config.NODE_ENV === "production" && !config.SEED_DEMO;
}

export type Config = z.infer<typeof configSchema>;

export function parseConfig(env: Record<string, string | undefined>): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let cached: Config | undefined;

export function getConfig(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}
