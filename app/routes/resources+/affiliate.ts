import { json, type LoaderFunctionArgs, type TypedResponse } from "@remix-run/node";
import type { AffiliateCheck } from "~/components/identity/register-dialog";
import { countHit } from "~/platform/identity/rate-limits.server";
import { isAffiliateCodeValid } from "~/platform/registration/registration.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { auditContext } from "~/utils/auth.server";

/** Checks per visitor address and minute: enough for typing, too few to walk through codes. */
const CHECKS_PER_MINUTE = 30;
/** Without a trusted proxy there is no address: one shared, larger budget. */
const CHECKS_PER_MINUTE_UNKNOWN_IP = 600;

const noStore = { "Cache-Control": "no-store" };

/**
 * Affiliate code check, for the register form (GET `?code=` → `{ code, valid }`).
 * `code` echoes what was checked, so the form can tell a stale answer.
 */
async function loadResource({
  request,
}: LoaderFunctionArgs): Promise<TypedResponse<AffiliateCheck>> {
  const code = (new URL(request.url).searchParams.get("code") ?? "").trim();
  if (!/^[A-Za-z0-9]{1,32}$/.test(code)) return json({ code, valid: false }, { headers: noStore });
  const db = await getDb();
  const { ip } = auditContext(request);
  const hits = await countHit(db, `affiliate-check:ip:${ip ?? "unknown"}`, 60_000);
  if (hits > (ip ? CHECKS_PER_MINUTE : CHECKS_PER_MINUTE_UNKNOWN_IP)) {
    return json(
      { code, valid: false, error: "too-many-requests" },
      { status: 429, headers: { ...noStore, "Retry-After": "60" } },
    );
  }
  const brand = await getBrandConfig(db);
  return json({ code, valid: await isAffiliateCodeValid(db, code, brand) }, { headers: noStore });
}

export const loader = withResourceHeaders(loadResource);
