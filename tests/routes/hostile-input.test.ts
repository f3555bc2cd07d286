/// <reference types="vite/client" />
import type * as ConformZod from "@conform-to/zod/v4";
import { beforeAll, describe, expect, test, vi } from "vitest";
import type { Site } from "~/platform/identity/sessions.server";
import { HONEYPOT_FIELD } from "~/utils/form.server";
import { useSeededDatabase } from "../helpers/database";
import { signInAs } from "../helpers/routes";
import { opsCookie } from "../helpers/withdrawals";

/**
 * ADR 28, route by route, built from the route files: every action is posted
 * the hostile set in every field it reads, every loader gets it in every
 * search parameter the app reads and in its path parameters, and nothing
 * answers 5xx. The fields an action reads are learned from a harmless post
 * first: the zod schema it hands conform (parseWithZod, seen through a
 * pass-through wrapper of that library) and the names it asks FormData for.
 * An action that reads no field, or a route whose path parameter has no
 * value below, fails until it is given its case.
 */
const schemas: unknown[] = [];
vi.mock("@conform-to/zod/v4", async (original) => {
  const library = await original<typeof ConformZod>();
  const parseWithZod = ((formData: FormData, options: { schema: unknown }) => {
    schemas.push(options.schema);
    return library.parseWithZod(formData, options as never);
  }) as typeof library.parseWithZod;
  return { ...library, parseWithZod };
});

const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

type RouteModule = {
  action?: (args: unknown) => unknown;
  loader?: (args: unknown) => unknown;
};
const modules = import.meta.glob<RouteModule>(["/app/routes/**/*.{ts,tsx}", "!**/__*"]);
const sources = import.meta.glob<string>(["/app/routes/**/*.{ts,tsx}", "/app/utils/*.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

const BIG = "x".repeat(100_000);
const CONTROL = ["a\u0000b", "\u0007bell", "\u009Bc1"];
const VALID = ["\u202Bمرحبا\u202C \u200F", "🎰🍀👍🏽"];
// A lone surrogate cannot cross a form body (encoding it as UTF-8 makes it U+FFFD); it is posted
// all the same, and JSON bodies, where "\uD800" does arrive whole, are tested in tests/utils/form-input.test.ts.
const HOSTILE = [...CONTROL, "lone \uD800 surrogate", BIG, ...VALID];
const REFUSAL = "Remove control characters from this field";

/** JSON callbacks: they are signed server-to-server calls, refused by readJsonText (tests/utils/form-input.test.ts). */
const JSON_BODIES = new Set([
  "/app/routes/resources+/games.wallet.ts",
  "/app/routes/resources+/payments.callback.ts",
]);

/** Actions whose only fields are ids and intents read with FormData.get: no schema, a 4xx or a redirect. */
const NO_SCHEMA = new Set([
  // Join/claim/open buttons: hidden ids checked with zod's safeParse; a forged one is "out of date".
  "/app/routes/_portal+/promotions.tsx",
  "/app/routes/resources+/favourites.ts",
  "/app/routes/demo-games.$token.tsx",
  "/app/routes/ops+/withdrawals.tsx",
  "/app/routes/_portal+/member+/messages.tsx",
  "/app/routes/agentHome+/messages.tsx",
  "/app/routes/_portal+/member+/deposit_.pay.$depositId.tsx",
  "/app/routes/logout.tsx",
  "/app/routes/resources+/announcements.ts",
  "/app/routes/resources+/hot-games.ts",
  "/app/routes/resources+/language.ts",
  "/app/routes/resources+/prefs.ts",
  // Authenticator buttons (ADR 34): one code field read as text, checked by the platform.
  "/app/routes/ops+/authenticator.tsx",
]);

/**
 * Actions parsed with zod whose forms are buttons with hidden ids and fixed
 * choices: nobody types there, so a forged value is a 400 rather than a field error.
 */
const HIDDEN_FIELDS_ONLY = new Set([
  "/app/routes/ops+/chat.tsx",
  "/app/routes/ops+/announcements._index.tsx",
  "/app/routes/ops+/staff.$memberId.tsx",
]);

/** Values an action needs before it reads the rest (an agent's own downline); not posted hostile. */
const fixedFields: Record<string, () => Promise<Record<string, string>>> = {
  "/app/routes/agentHome+/team.tsx": async () => ({
    downlineId: (
      await handle.db
        .selectFrom("members")
        .select("id")
        .where("account", "=", "agent02")
        .executeTakeFirstOrThrow()
    ).id,
  }),
};

/** Accounts other than the site's usual one, where the action needs what that one lacks. */
const accountOf: Record<string, string> = {
  "/app/routes/_portal+/member+/transfer-upline.tsx": "crew01",
};

/** Real values for path parameters, from the seed, so an action gets past its 404. */
const params: Record<string, () => Promise<string>> = {
  depositId: async () =>
    (await handle.db.selectFrom("deposits").select("id").executeTakeFirstOrThrow()).id,
  threadId: async () =>
    (await handle.db.selectFrom("feedback_threads").select("id").executeTakeFirst())?.id ??
    "00000000-0000-0000-0000-000000000000",
  itemId: async () =>
    (await handle.db.selectFrom("mall_items").select("id").executeTakeFirstOrThrow()).id,
  promotionId: async () =>
    (await handle.db.selectFrom("promotions").select("id").executeTakeFirstOrThrow()).id,
  conversationId: async () =>
    (await handle.db.selectFrom("support_conversations").select("id").executeTakeFirst())?.id ??
    "00000000-0000-0000-0000-000000000000",
  announcementId: async () =>
    String((await handle.db.selectFrom("announcements").select("id").executeTakeFirstOrThrow()).id),
  memberId: async () =>
    (
      await handle.db
        .selectFrom("members")
        .select("id")
        .where("account", "=", "support01")
        .executeTakeFirstOrThrow()
    ).id,
  roleId: async () =>
    (
      await handle.db
        .selectFrom("staff_roles")
        .select("id")
        .where("name", "=", "support")
        .executeTakeFirstOrThrow()
    ).id,
  token: async () => "demo",
  room: async () => "lobby",
};

const paramNames = (file: string) =>
  [...file.matchAll(/\(?\$(\w+)\)?/g)].map((match) => match[1]!).filter((name) => name !== "");

/** Who signs in for a route: its folder says which site guards it. */
function siteOf(file: string): { account: string; site: Site } | null {
  if (/\/(login|register|agent|logout)\.tsx$/.test(file) && !file.includes("agentHome+")) {
    return null;
  }
  if (file.includes("/ops+/")) return { account: "ops01", site: "ops" };
  // The cash-out page reads its own session only (a self-excluded member's, ADR 49).
  if (file.endsWith("/cash-out.tsx")) return { account: "player01", site: "cash_out" };
  if (file.includes("/agentHome+/")) return { account: "agent01", site: "agent" };
  return { account: accountOf[file] ?? "player01", site: "member" };
}

async function cookieFor(file: string) {
  const who = siteOf(file);
  if (!who) return null;
  if (who.site === "ops") return opsCookie(handle.db);
  return (await signInAs(handle.db, who.account, who.site)).cookie;
}

/**
 * The intents an action dispatches on, read from its file and the `__` files beside it it
 * imports: `case` labels, `intent === …` tests and the keys of an `…_INTENTS` table.
 */
function intentsOf(file: string): (string | null)[] {
  const text = sources[file] ?? "";
  const folder = file.slice(0, file.lastIndexOf("/"));
  const siblings = [...text.matchAll(/from "\.\/(__[\w.-]+)"/g)].map(
    (match) => sources[`${folder}/${match[1]}.ts`] ?? "",
  );
  const found = new Set<string>();
  for (const source of [text, ...siblings]) {
    for (const match of source.matchAll(/case "([\w-]+)":|intent"?\)? [!=]== "([\w-]+)"/g)) {
      found.add((match[1] ?? match[2])!);
    }
    // A dispatch table (`SECURITY_INTENTS = { "bind-phone": bindPhone, … }`): its keys.
    for (const table of source.matchAll(/_INTENTS\b[^\n]*= \{\n([\s\S]*?)\n\};/g)) {
      for (const key of table[1]!.matchAll(/^\s*"?([\w-]+)"?\s*:/gm)) found.add(key[1]!);
    }
  }
  return [null, ...found];
}

/** The form field names a zod schema reads, as conform names them (nested objects dotted). */
function fieldsOf(schema: unknown, prefix = ""): string[] {
  const zod = (schema as { _zod?: { def: Record<string, unknown> } })?._zod;
  if (!zod)
    return typeof schema === "function" ? fieldsOf((schema as (i: null) => unknown)(null)) : [];
  const def = zod.def;
  switch (def.type) {
    case "object":
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, inner]) => {
        const nested = fieldsOf(inner, `${prefix}${key}.`);
        return nested.length > 0 ? nested : [`${prefix}${key}`];
      });
    case "union":
      return (def.options as unknown[]).flatMap((option) => fieldsOf(option, prefix));
    case "intersection":
      return [...fieldsOf(def.left, prefix), ...fieldsOf(def.right, prefix)];
    case "pipe":
      return fieldsOf(def.in, prefix);
    default:
      return def.innerType ? fieldsOf(def.innerType, prefix) : [];
  }
}

interface Answer {
  status: number;
  body: string;
}

/** A route's answer, returned or thrown, as a browser would see its status; anything else is a 500. */
async function answer(call: () => unknown): Promise<Answer> {
  try {
    const result = await call();
    if (result instanceof Response) return { status: result.status, body: await result.text() };
    return { status: 200, body: JSON.stringify(result ?? null) };
  } catch (error) {
    if (error instanceof Response) return { status: error.status, body: await error.text() };
    return { status: 500, body: String((error as Error)?.stack ?? error) };
  }
}

type Encoding = "urlencoded" | "multipart";

async function post(
  file: string,
  fields: [string, string][],
  cookie: string | null,
  encoding: Encoding = "urlencoded",
) {
  const module = await modules[file]!();
  const body = encoding === "multipart" ? new FormData() : new URLSearchParams();
  for (const [name, value] of fields) body.append(name, value);
  const values = Object.fromEntries(
    await Promise.all(paramNames(file).map(async (name) => [name, await params[name]!()])),
  );
  const request = new Request("http://localhost/hostile", {
    method: "POST",
    body,
    headers: { Origin: "http://localhost", ...(cookie ? { Cookie: cookie } : {}) },
  });
  return answer(() => module.action!({ request, params: values, context: {} }));
}

/** Names an action asked FormData for directly (ids, intents), besides its schema's fields. */
const askedNames = new Set<string>();
const formDataGet = FormData.prototype.get;
beforeAll(() => {
  FormData.prototype.get = function (this: FormData, name: string) {
    askedNames.add(name);
    return formDataGet.call(this, name);
  };
  return () => {
    FormData.prototype.get = formDataGet;
  };
});

const routeFiles = Object.keys(modules).sort();
const actionFiles = routeFiles.filter((file) =>
  /export (async )?function action/.test(sources[file] ?? ""),
);
const loaderFiles = routeFiles.filter((file) =>
  /export (async )?function loader/.test(sources[file] ?? ""),
);

/** Every search parameter the app reads anywhere. */
const searchNames = [
  ...new Set(
    Object.values(sources).flatMap((text) =>
      [...text.matchAll(/searchParams\.(?:get|getAll|has)\("([\w.-]+)"\)/g)].map((m) => m[1]!),
    ),
  ),
];

interface Probe {
  intent: string | null;
  encoding: Encoding;
  /** The fields the action read: its schema's and those it asked FormData for. */
  names: string[];
  parsed: boolean;
}

/** A harmless post of one intent, as a browser's form would encode it: what does the action read? */
async function probe(file: string, intent: string | null): Promise<Probe> {
  const base = await baseFields(file, intent);
  let last: Probe | null = null;
  for (const encoding of ["urlencoded", "multipart"] as const) {
    schemas.length = 0;
    askedNames.clear();
    const reply = await post(file, base, await cookieFor(file), encoding);
    expect(reply.status, `${file} ${intent}: ${reply.body.slice(0, 300)}`).toBeLessThan(500);
    const names = new Set([...schemas.flatMap((schema) => fieldsOf(schema)), ...askedNames]);
    for (const [name] of base) names.delete(name);
    // A filled honeypot is a bot's form: refused whole (400), as it should be.
    names.delete(HONEYPOT_FIELD);
    last = { intent, encoding, names: [...names], parsed: schemas.length > 0 };
    if (last.parsed) return last;
  }
  return last!;
}

const parsedRoutes = new Set<string>();

async function baseFields(file: string, intent: string | null): Promise<[string, string][]> {
  const fixed = Object.entries((await fixedFields[file]?.()) ?? {});
  return intent ? [["intent", intent], ...fixed] : fixed;
}

describe("every action refuses control characters as a field error and never answers 5xx", () => {
  test("the route files were found, and every path parameter has a value", () => {
    expect(actionFiles.length).toBeGreaterThan(50);
    for (const file of actionFiles) {
      for (const name of paramNames(file)) expect(params, `${file}: ${name}`).toHaveProperty(name);
    }
  });

  test.each(actionFiles.filter((file) => !JSON_BODIES.has(file)))("%s", async (file) => {
    for (const intent of intentsOf(file)) {
      const { encoding, names, parsed } = await probe(file, intent);
      if (parsed) parsedRoutes.add(file);
      if (names.length === 0) continue;
      for (const value of HOSTILE) {
        const fields: [string, string][] = [
          ...(await baseFields(file, intent)),
          ...names.map((name): [string, string] => [name, value]),
        ];
        const reply = await post(file, fields, await cookieFor(file), encoding);
        const label = `${file} ${intent} ${JSON.stringify(value.slice(0, 20))}`;
        expect(reply.status, `${label}: ${reply.body.slice(0, 300)}`).toBeLessThan(500);
        // A 404 answered before the form was read (an intent of another page of the same feature).
        if (
          parsed &&
          CONTROL.includes(value) &&
          reply.status !== 404 &&
          !HIDDEN_FIELDS_ONLY.has(file)
        ) {
          expect(reply.body, label).toContain(REFUSAL);
        }
      }
    }
  });

  test("an action that reads a form goes through parseSubmission, or is named as reading none", () => {
    const formActions = actionFiles.filter(
      (file) => !JSON_BODIES.has(file) && !NO_SCHEMA.has(file),
    );
    expect(formActions.filter((file) => !parsedRoutes.has(file))).toEqual([]);
  });
});

describe("every loader survives hostile search and path parameters", () => {
  test.each(loaderFiles)("%s", async (file) => {
    const module = await modules[file]!();
    const cookie = await cookieFor(file);
    for (const value of ["\u0000", "a\u0001b", "%ED%A0%80", BIG.slice(0, 4_000), VALID[1]!]) {
      const query = new URLSearchParams(searchNames.map((name) => [name, value]));
      const values = Object.fromEntries(paramNames(file).map((name) => [name, value]));
      const request = new Request(`http://localhost/hostile?${query}`, {
        headers: cookie ? { Cookie: cookie } : {},
      });
      const reply = await answer(() => module.loader!({ request, params: values, context: {} }));
      expect(
        reply.status,
        `${file} ${JSON.stringify(value)}: ${reply.body.slice(0, 300)}`,
      ).toBeLessThan(500);
    }
  });
});
