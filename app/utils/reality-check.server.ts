// Shared by design: every gambling page (demo games, the game popup, the lottery pages) shows the clock and the reminder.
import type { Database } from "~/platform/db/open.server";
import { realityState } from "~/platform/protection/reality.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import type { Viewer } from "./auth.server";
import { formatMoney } from "./money";

/** The session clock and reminder of a signed-in viewer (the components' RealityView); null for a visitor. */
export async function realityView(
  db: Database,
  viewer: Pick<Viewer, "sessionId" | "member"> | null,
  brand: Pick<BrandConfig, "realityCheck" | "currency">,
  locale: string,
  now = new Date(),
) {
  if (!viewer) return null;
  const state = await realityState(db, viewer.member.id, viewer.sessionId, brand, now);
  if (!state) return null;
  const losing = state.net < 0n;
  return {
    sessionStartedAt: state.sessionStartedAt.toISOString(),
    renderedAt: now.toISOString(),
    due: state.due,
    intervalMinutes: state.intervalMinutes,
    net: formatMoney(losing ? -state.net : state.net, brand.currency, locale),
    losing,
  };
}
