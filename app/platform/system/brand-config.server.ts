import * as z from "zod/v4";
import { CS_CIPHERTEXT } from "./cs-cipher";
import { compileAcceptedPattern } from "./field-rules.server";

const whitelabelModule: z.ZodType<WhitelabelModule> = z.lazy(() =>
  z.object({
    modId: z.string().min(1),
    enabled: z.boolean(),
    childrenNodes: z.array(whitelabelModule).default([]),
  }),
);

export interface WhitelabelModule {
  modId: string;
  enabled: boolean;
  childrenNodes: WhitelabelModule[];
}

const registerFieldRule = z
  .object({
    acceptedPattern: z.string().min(1),
    minLength: z.number().int().min(0),
    maxLength: z.number().int().min(1),
    patternId: z.string().min(1),
    enabled: z.boolean().default(true),
    required: z.boolean().default(false),
  })
  .superRefine((rule, ctx) => {
    // Caught here so a typo in a brand file stops start-up rather than the first registration.
    try {
      compileAcceptedPattern(rule.acceptedPattern);
    } catch {
      ctx.addIssue({
        code: "custom",
        path: ["acceptedPattern"],
        message: `must be '*' or a regular expression that compiles; got ${JSON.stringify(rule.acceptedPattern)}`,
      });
    }
    if (rule.minLength > rule.maxLength) {
      ctx.addIssue({
        code: "custom",
        path: ["minLength"],
        message: `minLength (${rule.minLength}) must not exceed maxLength (${rule.maxLength})`,
      });
    }
  });

/** The reminder interval of a brand file that names none; the seamless wallet's guard falls back to it too. */
export const REALITY_DEFAULT_MINUTES = 30;

const cidr = z
  .string()
  .regex(/^[0-9a-fA-F.:]+\/\d{1,3}$/, "must be an IPv4 or IPv6 CIDR such as 203.0.113.0/24");

const url = z.string().regex(/^(https?:\/\/|\/)/, "must be an http(s) URL or a path");

/**
 * The tags a brand names for staff to put on a member (the player page's notes
 * tab), besides staff's own words. A code the label files know (these three)
 * needs no labels; any other brings its own, by language, English the fallback.
 */
const DEFAULT_PLAYER_TAGS = [
  { code: "vip", labels: {} },
  { code: "bonus_abuser", labels: {} },
  { code: "high_risk", labels: {} },
];

/** What an operator's brand file says; stored in `settings.brand`. */
/**
 * Why staff may credit or debit a member's balance: a brand offers some of these codes (each
 * has its label in every language), and every adjustment names one.
 */
export const ADJUSTMENT_REASONS = [
  "goodwill",
  "correction",
  "compensation",
  "manual_bonus",
  "chargeback",
  "voided_winnings",
] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

const ADJUSTMENTS_DEFAULT = {
  reasons: [...ADJUSTMENT_REASONS],
  fourEyesAbove: 100_000,
  max: 100_000_000,
};

const adjustmentsConfig = z
  .object({
    /** The reason codes staff pick from, in order. */
    reasons: z.array(z.enum(ADJUSTMENT_REASONS)).min(1),
    /** An adjustment above this amount (minor units) waits for a second staff member; 0: every one does. */
    fourEyesAbove: z.number().int().min(0),
    /** The largest single adjustment, minor units. */
    max: z.number().int().positive(),
  })
  .default(ADJUSTMENTS_DEFAULT);

export const brandConfigSchema = z.object({
  merchantCode: z.string().regex(/^[A-Z0-9_]{2,32}$/, "upper-case letters, digits and _"),
  name: z.string().min(1),
  platform: z.literal("WEB").default("WEB"),
  currency: z.object({
    code: z.string().length(3),
    symbol: z.string().min(1),
    minorUnits: z.number().int().min(0).max(4).default(2),
  }),
  defaultLanguage: z.string().default("en"),
  /** IANA zone the brand shows times in (announcements, agent clock). */
  timeZone: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone such as Asia/Karachi")
    .default("UTC"),
  languages: z.array(z.string().min(2)).min(1),
  /** Codes the language menu offers; all ~35 when absent. */
  languageMenu: z.array(z.string().min(2)).optional(),
  lotteryType: z.string().default("Lott"),
  prizeModes: z
    .array(z.enum(["LOTT", "ZY", "ELOTT", "SEA"]))
    .default(["LOTT", "ZY", "ELOTT", "SEA"]),
  esportsVendors: z.array(z.string()).default(["IMES"]),
  cockfightVendors: z.array(z.string()).default(["SV3"]),
  agentTypes: z.array(z.number().int()).default([1, 2, 41, 42]),
  trialTypes: z.array(z.number().int()).default([4]),
  whitelabel: z.array(whitelabelModule).default([]),
  registerFieldRules: z.record(z.string(), registerFieldRule).default({}),
  /** The target `path` is AES-256-GCM ciphertext (contact/cs-cipher.ts); SUPPORT, the built-in chat, has none. */
  customerService: z
    .array(
      z
        .object({
          csType: z.string().regex(/^[A-Z0-9_]{1,32}$/),
          label: z.string().min(1),
          path: z
            .string()
            .regex(CS_CIPHERTEXT, "must be a ciphertext of scripts/encrypt-cs-path.mjs")
            .optional(),
        })
        .refine((entry) => entry.csType === "SUPPORT" || entry.path, {
          path: ["path"],
          message: "is required (ciphertext) except for SUPPORT",
        }),
    )
    .default([]),
  /** The built-in support chat's service hours, in the brand's time zone (days: 0 = Sunday). */
  support: z
    .object({
      days: z.array(z.number().int().min(0).max(6)),
      from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
      to: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/),
    })
    .default({ days: [0, 1, 2, 3, 4, 5, 6], from: "00:00", to: "24:00" }),
  footerVendors: z.array(z.string()).default([]),
  resources: z
    .array(z.object({ resourceType: z.string(), labelNameEn: z.string(), url }))
    .default([]),
  mainDomain: z.string().default(""),
  domainRoute: z.array(z.string()).default([]),
  analytics: z.object({ gtagId: z.string().optional() }).default({}),
  imageCdns: z.array(url).default([]),
  launchGameCdns: z.array(url).default([]),
  region: z
    .object({
      blockedCountries: z.array(z.string().length(2)).default([]),
      blockedCidrs: z.array(cidr).default([]),
      allowedCidrs: z.array(cidr).default([]),
    })
    .default({ blockedCountries: [], blockedCidrs: [], allowedCidrs: [] }),
  agentServiceHours: z
    .object({
      days: z.array(z.number().int().min(0).max(6)),
      from: z.string().regex(/^\d{2}:\d{2}$/),
      to: z.string().regex(/^\d{2}:\d{2}$/),
    })
    .default({ days: [1, 2, 3, 4, 5], from: "12:00", to: "21:00" }),
  /** Country codes offered for mobile numbers; all known ones when absent. */
  countries: z.array(z.string().regex(/^[A-Z]{2}$/)).optional(),
  play: z
    .object({
      /** Vendors (vassalage codes) whose games an HTTP aggregator runs (GAME_AGGREGATOR_URL); the demo provider runs the rest. */
      aggregatorVendors: z.array(z.string().min(1)).default([]),
    })
    .default({ aggregatorVendors: [] }),
  /** VIP levels and the manual rebate (ADR 16); the levels themselves are rows an operator edits. */
  vip: z
    .object({
      /** Deposits and valid bets of this many days count towards a level. */
      rollingDays: z.number().int().min(1).max(365).default(30),
      /** The smallest rebate a member may claim, minor units. */
      rebateMin: z.number().int().positive().default(100),
    })
    .default({ rollingDays: 30, rebateMin: 100 }),
  wallet: z
    .object({
      /** The merchant wallet's isSingle: one wallet for everything, no vendor transfers. */
      isSingle: z.boolean().default(false),
      /** Vendors (vassalage codes) that keep their own transfer wallet. */
      vendorWallets: z.array(z.string().min(1)).default([]),
      /** Deposit channels offered, in order; amounts in minor units. */
      depositChannels: z
        .array(
          z.object({
            code: z.string().regex(/^[a-z0-9-]{2,32}$/, "lower-case letters, digits and -"),
            kind: z.enum(["embedded", "gateway"]),
            min: z.number().int().positive(),
            max: z.number().int().positive(),
          }),
        )
        // None unless the brand names them: an `embedded` channel lets members credit themselves
        // (the demo's pay step) and only a demo or development start accepts one (ADR 35).
        .default([]),
      withdraw: z
        .object({
          min: z.number().int().positive(),
          max: z.number().int().positive(),
          /** Requests per member per calendar day (brand time zone). */
          dailyCount: z.number().int().positive(),
        })
        .default({ min: 10_000, max: 5_000_000, dailyCount: 5 }),
      /** A paid withdrawal the member has not confirmed counts as received after this many minutes. */
      autoReceiveMinutes: z.number().int().positive().default(1440),
      /** Payee providers a member can pick (banks and e-wallets). */
      payeeProviders: z
        .array(
          z.object({
            code: z.string().min(1),
            kind: z.enum(["bank", "ewallet"]),
            name: z.string().min(1),
          }),
        )
        .default([]),
    })
    .default({
      isSingle: false,
      vendorWallets: [],
      depositChannels: [],
      withdraw: { min: 10_000, max: 5_000_000, dailyCount: 5 },
      autoReceiveMinutes: 1440,
      payeeProviders: [],
    }),
  /** Staff credits and debits of a member's main balance. */
  adjustments: adjustmentsConfig,
  appDownload: z
    .object({ ios: url.optional(), liteIos: url.optional(), android: url.optional() })
    .default({}),
  /** Where the protection page sends a member who needs help (issue 17): a gambling help line. */
  helpOrganisation: z
    .object({ name: z.string().min(1), url, phone: z.string().optional() })
    .optional(),
  /** Reality checks, the session time limit and the slot's pace (issue 17, app/platform/protection/reality*). */
  realityCheck: z
    .object({
      /** Reminder intervals a member may pick, minutes; 0 = off. */
      intervals: z.array(z.number().int().min(0).max(1440)).min(1).default([0, 15, 30, 60]),
      /** A member who never chose gets this one. */
      defaultIntervalMinutes: z.number().int().min(0).max(1440).default(REALITY_DEFAULT_MINUTES),
      sessionLimitMinutes: z
        .object({ min: z.number().int().positive(), max: z.number().int().positive().max(1440) })
        .default({ min: 30, max: 720 }),
      /** The least time between the starts of two slot spins of a member. */
      spinGapMs: z.number().int().min(0).max(60_000).default(2500),
    })
    .default({
      intervals: [0, 15, 30, 60],
      defaultIntervalMinutes: REALITY_DEFAULT_MINUTES,
      sessionLimitMinutes: { min: 30, max: 720 },
      spinGapMs: 2500,
    }),
  /** Issue 17: a verified birthday before the first deposit (app/platform/protection/age*). */
  ageVerification: z
    .object({ beforeFirstDeposit: z.boolean().default(false) })
    .default({ beforeFirstDeposit: false }),
  /** "Feedback content between {0} and {1} words" and how many unanswered threads a member may have (issue 16). */
  feedback: z
    .object({
      minWords: z.number().int().min(1).max(1000).default(5),
      maxWords: z.number().int().min(1).max(1000).default(300),
      maxOpen: z.number().int().min(1).max(50).default(5),
    })
    .refine((limits) => limits.minWords <= limits.maxWords, { message: "minWords > maxWords" })
    .default({ minWords: 5, maxWords: 300, maxOpen: 5 }),
  /**
   * ADR 37, the spec's "login from an unregistered IP triggers extra verification": when on, a
   * member sign-in from an IP and device it has not signed in from asks for one of `methods`
   * (whichever the member has) before any session exists.
   */
  security: z
    .object({
      newIpStepUp: z
        .object({
          enabled: z.boolean().default(false),
          methods: z
            .array(z.enum(["sms", "email", "payee_name", "authenticator"]))
            .default(["sms", "email", "payee_name", "authenticator"]),
        })
        .default({ enabled: false, methods: ["sms", "email", "payee_name", "authenticator"] }),
    })
    .default({
      newIpStepUp: { enabled: false, methods: ["sms", "email", "payee_name", "authenticator"] },
    }),
  playerTags: z
    .array(
      z.object({
        code: z.string().regex(/^[a-z][a-z0-9_]{1,31}$/, "lower-case letters, digits and _"),
        labels: z.record(z.string(), z.string().trim().min(1).max(40)).default({}),
      }),
    )
    .max(50)
    .refine((tags) => new Set(tags.map((tag) => tag.code)).size === tags.length, {
      message: "each code once",
    })
    .default(DEFAULT_PLAYER_TAGS),
  /** Issue 16 chat rooms: words a message may not contain (whole words, any case); refused, not masked. */
  chat: z
    .object({ blockedWords: z.array(z.string().trim().min(1).max(40)).max(500).default([]) })
    .default({ blockedWords: [] }),
});

export type BrandConfig = z.infer<typeof brandConfigSchema>;

export function parseBrandConfig(input: unknown): BrandConfig {
  const result = brandConfigSchema.safeParse(input);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join(".") || "(root)"}: ${issue.message}`,
    );
    throw new Error(`Invalid brand config:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** A flag is on when its module, searched through the whole tree, is enabled. */
export function isWhitelabelEnabled(
  brand: Pick<BrandConfig, "whitelabel">,
  modId: string,
): boolean {
  const stack = [...brand.whitelabel];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.modId === modId) return node.enabled;
    stack.push(...node.childrenNodes);
  }
  return false;
}
