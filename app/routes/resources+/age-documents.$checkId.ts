import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/platform/start.server";
import { findAgeCheckDocument } from "~/platform/protection/age-queue.server";
import { getOperator } from "~/utils/auth.server";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });

/**
 * An ID document's photo (issue 17), for a signed-in operator only: anyone
 * else, the member who sent it included, gets the 404 of a document that
 * does not exist. The type is the one sniffed from the bytes at upload.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!(await getOperator(request))) return notFound();
  const document = await findAgeCheckDocument(await getDb(), params.checkId ?? "");
  if (!document) return notFound();
  return new Response(new Uint8Array(document.bytes), {
    headers: {
      "Content-Type": document.content_type,
      "Content-Length": String(document.bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Disposition": "inline",
    },
  });
}
