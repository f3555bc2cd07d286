import { PlatformError } from "~/platform/errors";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { translatorFor } from "~/utils/i18next.server";
import { requireAgent } from "./auth.server";
import { notFound } from "./misc";

/**
 * What every /agentHome loader and action starts with: the signed-in agent
 * (re-checked on every request; a non-agent goes to /agent), the database,
 * the brand and the translator. `agentId` comes from the session only; ids
 * from the URL or the form are looked up inside this agent's downline.
 */
export async function agentContext(request: Request) {
  const viewer = await requireAgent(request);
  const db = await getDb();
  const [brand, t] = await Promise.all([getBrandConfig(db), translatorFor(request)]);
  return { viewer, agentId: viewer.member.id, db, brand, t };
}

/**
 * A downline id, contract or report the agent may not see is answered like
 * one that does not exist: a 404 (thrown, so the error boundary renders it).
 */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof PlatformError && error.code === "not_found") throw notFound();
    throw error;
  }
}
