import type { StaffPermission } from "~/platform/identity/staff-permissions";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { requireStaffPermission, staffAuditContext } from "~/utils/auth.server";
import { i18next, translatorFor } from "~/utils/i18next.server";

/**
 * What every /ops loader and action opens with: the staff member, checked for
 * the permission this screen or act needs (each loader and action checks on
 * its own: the layout's guard does not cover actions), the database, the
 * brand, the translator and locale, the brand's currency, and the act the
 * platform writes into the audit log.
 */
export async function opsRequest(request: Request, permission: StaffPermission) {
  const staff = await requireStaffPermission(request, permission);
  const operator = staff.viewer;
  const db = await getDb();
  const [brand, t, locale] = await Promise.all([
    getBrandConfig(db),
    translatorFor(request),
    i18next.getLocale(request),
  ]);
  return {
    operator,
    db,
    brand,
    t,
    locale,
    currency: { symbol: brand.currency.symbol, minorUnits: brand.currency.minorUnits },
    staff,
    act: { operatorId: operator.member.id, context: staffAuditContext(request, staff) },
  };
}

export type OpsRequest = Awaited<ReturnType<typeof opsRequest>>;
