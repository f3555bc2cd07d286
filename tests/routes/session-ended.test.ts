import { describe, expect, test } from "vitest";
import { identityPolicy } from "~/platform/identity/policy.server";
import { createSession } from "~/platform/identity/sessions.server";
import { sessionCookieHeader } from "~/utils/session.server";
import { useSeededDatabase } from "../helpers/database";
import { cookiePair, jsonBody, routeArgs, thrownResponse } from "../helpers/routes";
import { insertMember } from "../helpers/wallet";

/**
 * A session ended at its time limit: the next page load goes to the login
 * page with the reason and the cookie cleared, a data request just gets the
 * visitor, and the login page says why. The login dialog offers a limit.
 */
const handle = useSeededDatabase((ready) => {
  globalThis.__platformDatabase = Promise.resolve(ready);
});

const MINUTE = 60_000;

/** A member with a 30-minute session time limit, signed in 31 minutes ago. */
async function pastItsLimit() {
  const memberId = await insertMember(handle.db);
  await handle.db
    .insertInto("reality_checks")
    .values({
      member_id: memberId,
      interval_minutes: 0,
      session_limit_minutes: 30,
      updated_at: new Date(),
    })
    .execute();
  const session = await createSession(
    handle.db,
    { memberId, site: "member", remember: false, ip: null, userAgent: null },
    identityPolicy(),
    new Date(Date.now() - 31 * MINUTE),
  );
  return cookiePair(await sessionCookieHeader(new Request("http://localhost/"), session));
}

const limitsPage = () => import("~/routes/_portal+/member+/protection.limits");
const loginPage = () => import("~/routes/_portal+/login");

describe("a session ended at its time limit", () => {
  test("a page load is sent to the login page with the reason, its cookie cleared, and again later", async () => {
    const cookie = await pastItsLimit();
    const { loader } = await limitsPage();
    for (let visit = 0; visit < 2; visit++) {
      const response = await thrownResponse(
        loader(routeArgs("/member/protection/limits", { headers: { Cookie: cookie } })),
      );
      expect(response.headers.get("Location")).toBe(
        "/login?redirectTo=%2Fmember%2Fprotection%2Flimits&ended=session_limit&minutes=30",
      );
      expect(response.headers.get("Set-Cookie")).toMatch(/^session=;.*Max-Age=0/);
    }
  });

  test("a data request gets the visitor, with no notice", async () => {
    const cookie = await pastItsLimit();
    const { loader } = await limitsPage();
    const response = await thrownResponse(
      loader(
        routeArgs(
          "/member/protection/limits?_data=routes%2F_portal%2B%2Fmember%2B%2Fprotection.limits",
          {
            headers: { Cookie: cookie },
          },
        ),
      ),
    );
    expect(response.headers.get("Location")).not.toContain("ended=");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  test("the login page itself is not sent back to itself", async () => {
    const cookie = await pastItsLimit();
    const { loader } = await loginPage();
    const response = await thrownResponse(
      loader(routeArgs("/login", { headers: { Cookie: cookie } })),
    );
    expect(response.headers.get("Location")).toBe("/login?ended=session_limit&minutes=30");
  });

  test("the login page reads the reason; anything else is no notice", async () => {
    const { loader } = await loginPage();
    const page = await jsonBody(loader(routeArgs("/login?ended=session_limit&minutes=30")));
    expect(page.ended).toEqual({ reason: "session_limit", minutes: 30 });
    for (const query of [
      "ended=elsewhere",
      "ended=session_limit&minutes=-3",
      "ended=x&minutes=9",
    ]) {
      const other = await jsonBody(loader(routeArgs(`/login?${query}`)));
      expect(other.ended?.minutes ?? null, query).toBeNull();
    }
  });
});
