import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/start.server";
import { findPromotionProof } from "~/platform/rewards/applications.server";
import { getOperator } from "~/utils/auth.server";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });

/**
 * A promotion application's proof image, for a signed-in operator
 * reviewing the queue only; anyone else, the applying member included, gets
 * the same 404 as for a proof that does not exist (the member has no page
 * that shows it). The type is the one the platform sniffed from the bytes at
 * upload, and the browser is told not to guess.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!(await getOperator(request))) return notFound();
  const proof = await findPromotionProof(await getDb(), params.proofId ?? "");
  if (!proof) return notFound();
  return new Response(new Uint8Array(proof.bytes), {
    headers: {
      "Content-Type": proof.content_type,
      "Content-Length": String(proof.bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Disposition": "inline",
    },
  });
}
