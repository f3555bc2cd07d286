import { describe, expect, test } from "vitest";
import { PNG_BYTES, verifyAge } from "../helpers/age";
import { useSeededDatabase } from "../helpers/database";
import { formPost, jsonBody, routeArgs, signInMember } from "../helpers/routes";
import { formKey, insertMember } from "../helpers/wallet";
import { opsCookie } from "../helpers/withdrawals";

/**
 * Issue 17's age checks with real Requests: the security centre's request
 * (bad birthdays and documents are translated field errors and store
 * nothing), the deposit page's notice and a forged deposit post, the
 * registration's birthday, the verified birthday the profile cannot change,
 * and the operator's queue and document route.
 */
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const securityRoute = () => import("~/routes/_portal+/member+/security");
const depositRoute = () => import("~/routes/_portal+/member+/deposit");
const registerRoute = () => import("~/routes/_portal+/register");
const opsRoute = () => import("~/routes/ops+/age-checks");
const documentRoute = () => import("~/routes/resources+/age-documents.$checkId");

async function member() {
  const id = await insertMember(handle.db);
  const { cookie } = await signInMember(handle.db, id);
  return { id, cookie };
}

const agePost = (cookie: string, birthday: string, files: Blob[] = [png()]) => {
  const body = new FormData();
  body.append("birthday", birthday);
  for (const file of files) body.append("proofs", file, "id.png");
  return routeArgs("/member/security", {
    method: "POST",
    body,
    headers: { Origin: "http://localhost", Cookie: cookie },
  });
};

function png() {
  return new Blob([PNG_BYTES], { type: "image/png" });
}

async function settle(promise: Promise<unknown> | unknown): Promise<Response> {
  try {
    return (await promise) as Response;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

const checksOf = (memberId: string) =>
  handle.db
    .selectFrom("age_checks")
    .select(["id", "status", "birthday"])
    .where("member_id", "=", memberId)
    .execute();

describe("asking for verification in the security centre", () => {
  test("under 18, 1899, not a date, a too-big or non-image file: translated field errors, nothing stored", async () => {
    const { id, cookie } = await member();
    const { action } = await securityRoute();
    const cases: [string, Blob[], "birthday" | "proofs", RegExp][] = [
      ["2015-01-01", [png()], "birthday", /18 or older/],
      ["1899-12-31", [png()], "birthday", /from 1900/],
      ["31/12/1990", [png()], "birthday", /real date/],
      ["1990-01-01", [], "proofs", /photo of your ID/],
      ["1990-01-01", [new Blob(["GIF89a"], { type: "image/png" })], "proofs", /png|jpg/i],
      ["1990-01-01", [new Blob([new Uint8Array(5 * 1024 * 1024 + 1)])], "proofs", /5 MB/],
    ];
    for (const [birthday, files, field, message] of cases) {
      const response = await settle(action(agePost(cookie, birthday, files)));
      expect(response.status, `${birthday} ${field}`).toBe(400);
      const body = await jsonBody(response);
      expect(body.section).toBe("age-check");
      expect(body.result.error[field]?.[0]).toMatch(message);
    }
    expect(await checksOf(id)).toEqual([]);
  });

  test("a good request redirects to the section and is pending; a filled honeypot is a 400", async () => {
    const { id, cookie } = await member();
    const { action, loader } = await securityRoute();
    const spam = agePost(cookie, "1990-01-01");
    const body = new FormData();
    body.append("name__confirm", "bot");
    body.append("birthday", "1990-01-01");
    const spamResponse = await settle(
      action({
        ...spam,
        request: new Request(spam.request.url, {
          method: "POST",
          body,
          headers: spam.request.headers,
        }),
      }),
    );
    expect(spamResponse.status).toBe(400);
    const response = await settle(action(agePost(cookie, "1990-01-01")));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/member/security?done=age-check#age-check");
    expect(await checksOf(id)).toMatchObject([{ status: "pending", birthday: "1990-01-01" }]);
    const data = await jsonBody(
      loader(routeArgs("/member/security", { headers: { Cookie: cookie } })),
    );
    expect(data.ageCheck).toMatchObject({ status: "pending", required: true });
  });

  test("a verified birthday cannot be changed through the profile form", async () => {
    const { id, cookie } = await member();
    await verifyAge(handle.db, id, "1985-03-04");
    const { action } = await securityRoute();
    const response = await settle(
      action(
        formPost(
          "/member/security",
          { intent: "profile", birthday: "1999-09-09" },
          { Cookie: cookie },
        ),
      ),
    );
    expect(response.status).toBe(302);
    const row = await handle.db
      .selectFrom("members")
      .select("profile")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect((row.profile as Record<string, string>).birthday).toBe("1985-03-04");
  });
});

describe("the deposit page", () => {
  test("unverified: the notice instead of the form, and a forged post is refused with nothing created", async () => {
    const { id, cookie } = await member();
    const { loader, action } = await depositRoute();
    const data = await jsonBody(
      loader(routeArgs("/member/deposit", { headers: { Cookie: cookie } })),
    );
    expect(data.ageBlocked).toBe(true);
    const fields = { channel: "demo-pay", amount: "250", idempotencyKey: formKey() + formKey() };
    const response = await settle(action(formPost("/member/deposit", fields, { Cookie: cookie })));
    expect(response.status).toBe(400);
    expect((await jsonBody(response)).result.error[""]).toEqual([
      "Verify your age in the security centre before your first deposit.",
    ]);
    const deposits = await handle.db
      .selectFrom("deposits")
      .select("id")
      .where("member_id", "=", id)
      .execute();
    expect(deposits).toEqual([]);

    await verifyAge(handle.db, id);
    const again = await jsonBody(
      loader(routeArgs("/member/deposit", { headers: { Cookie: cookie } })),
    );
    expect(again.ageBlocked).toBe(false);
    const made = await settle(action(formPost("/member/deposit", fields, { Cookie: cookie })));
    expect(made.status).toBe(302);
  });
});

describe("registration's birthday", () => {
  const form = (username: string, birthday: string) => ({
    intent: "register",
    username,
    password: "Lantern-Quay-58",
    confirmPassword: "Lantern-Quay-58",
    terms: "on",
    birthday,
  });
  const accountRow = (account: string) =>
    handle.db
      .selectFrom("members")
      .select("profile")
      .where("account", "=", account)
      .executeTakeFirst();

  test("under 18, 1899 or not a date: an error on the field, the typed values kept, nobody registered", async () => {
    const { action } = await registerRoute();
    for (const [birthday, message] of [
      ["2015-06-01", "You must be 18 or older."],
      ["1899-01-01", "Enter a real date from 1900 on."],
      ["tomorrow", "Enter a real date from 1900 on."],
    ]) {
      const response = await settle(action(formPost("/register", form("agekid01", birthday!))));
      expect(response.status).toBe(400);
      const body = await jsonBody(response);
      expect(body.result.error.birthday).toEqual([message]);
      expect(body.result.initialValue.username).toBe("agekid01");
    }
    expect(await accountRow("agekid01")).toBeUndefined();
  });

  test("an adult's birthday is stored where the security centre reads it", async () => {
    const { action } = await registerRoute();
    const response = await settle(action(formPost("/register", form("ageadult01", "1992-02-29"))));
    expect(response.status).toBe(302);
    const row = await accountRow("ageadult01");
    expect((row?.profile as Record<string, string>).birthday).toBe("1992-02-29");
  });
});

describe("/ops/age-checks", () => {
  test("members cannot see the queue or the document; ops01 sees both, verifies and rejects with a reason", async () => {
    const asker = await member();
    const { action: ask } = await securityRoute();
    await settle(ask(agePost(asker.cookie, "1991-07-08")));
    const [check] = await checksOf(asker.id);

    const { loader, action } = await opsRoute();
    const { loader: document } = await documentRoute();
    const memberView = await settle(
      loader(routeArgs("/ops/age-checks", { headers: { Cookie: asker.cookie } })),
    );
    expect(memberView.status).toBe(302);
    const docArgs = (cookie: string) => ({
      ...routeArgs(`/resources/age-documents/${check!.id}`, { headers: { Cookie: cookie } }),
      params: { checkId: check!.id },
    });
    expect((await document(docArgs(asker.cookie))).status).toBe(404);

    const ops = { cookie: await opsCookie(handle.db) };
    const queue = await jsonBody(
      loader(routeArgs("/ops/age-checks", { headers: { Cookie: ops.cookie } })),
    );
    const row = queue.rows.find((candidate: { id: string }) => candidate.id === check!.id);
    expect(row).toMatchObject({ birthday: "1991-07-08" });
    expect(row.age).toBeGreaterThanOrEqual(35);
    const image = await document(docArgs(ops.cookie));
    expect(image.status).toBe(200);
    expect(image.headers.get("Content-Type")).toBe("image/png");

    const post = (fields: Record<string, string>) =>
      settle(
        action(
          formPost("/ops/age-checks", { checkId: check!.id, ...fields }, { Cookie: ops.cookie }),
        ),
      );
    const noReason = await post({ intent: "reject", reason: " " });
    expect(noReason.status).toBe(400);
    expect((await jsonBody(noReason)).result.error.reason?.[0]).toMatch(/reason/);
    const rejected = await post({ intent: "reject", reason: "Unreadable" });
    expect(rejected.headers.get("Location")).toBe("/ops/age-checks?done=reject");
    expect((await post({ intent: "verify" })).status).toBe(409);
    expect(await checksOf(asker.id)).toMatchObject([{ status: "rejected" }]);

    await settle(ask(agePost(asker.cookie, "1991-07-08")));
    const second = (await checksOf(asker.id)).find((c) => c.status === "pending")!;
    const verified = await settle(
      action(
        formPost(
          "/ops/age-checks",
          { checkId: second.id, intent: "verify" },
          { Cookie: ops.cookie },
        ),
      ),
    );
    expect(verified.headers.get("Location")).toBe("/ops/age-checks?done=verify");
    const audit = await handle.db
      .selectFrom("audit_log")
      .select("event")
      .where("event", "=", "age_check_decided")
      .orderBy("id")
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });
});
