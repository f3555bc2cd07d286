import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/start.server";
import { findWithdrawalProof } from "~/platform/wallet/withdrawal-proofs.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { getOperator, getViewer } from "~/utils/auth.server";
import { privateImageNotFound, privateImageResponse } from "./__private-image.server";

/**
 * A withdrawal's proof image (from the withdrawal confirmation), for the member
 * whose withdrawal it is or a signed-in operator; anyone else gets the same
 * 404 as for a proof that does not exist. The type is the one the platform
 * sniffed from the bytes at upload, and the browser is told not to guess.
 */
async function loadResource({ request, params }: LoaderFunctionArgs) {
  const [operator, viewer] = await Promise.all([
    getOperator(request, "withdrawals.view"),
    getViewer(request),
  ]);
  if (!operator && !viewer) return privateImageNotFound();
  const proof = await findWithdrawalProof(await getDb(), params.proofId ?? "");
  if (!proof) return privateImageNotFound();
  if (!operator && viewer?.member.id !== proof.member_id) return privateImageNotFound();
  return privateImageResponse(proof);
}

export const loader = withResourceHeaders(loadResource);
