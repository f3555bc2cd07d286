import * as z from "zod/v4";

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
    /** AES-256 key (64 hex digits) of the customer-service targets in the brand file; the default is the demo brand's. */
    CS_PATH_KEY: z
      .string()
      .regex(/^[0-9a-f]{64}$/i, "must be 64 hex digits")
      .default("6c75636b792d686172626f75722d64656d6f2d63732d706174682d6b65792121"),
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
  });

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
