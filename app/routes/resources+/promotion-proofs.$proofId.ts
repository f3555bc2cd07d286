import type { LoaderFunctionArgs } from "@remix-run/node";
import { findPromotionProof } from "~/platform/rewards/applications.server";
import { getDb } from "~/platform/start.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { getOperator } from "~/utils/auth.server";
import { privateImageNotFound, privateImageResponse } from "./__private-image.server";

/**
 * A promotion application's proof image, for a signed-in operator
 * reviewing the queue only; anyone else, the applying member included, gets
 * the same 404 as for a proof that does not exist (the member has no page
 * that shows it). The type is the one the platform sniffed from the bytes at
 * upload, and the browser is told not to guess.
 */
async function loadResource({ request, params }: LoaderFunctionArgs) {
  if (!(await getOperator(request, "promotions.view"))) return privateImageNotFound();
  const proof = await findPromotionProof(await getDb(), params.proofId ?? "");
  if (!proof) return privateImageNotFound();
  return privateImageResponse(proof);
}

export const loader = withResourceHeaders(loadResource);
