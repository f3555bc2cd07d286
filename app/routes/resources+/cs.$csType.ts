import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { resolveCsEntry } from "~/platform/contact/cs-entries.server";
import { getDb } from "~/platform/start.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { notFound } from "~/utils/misc";

/**
 * /resources/cs/:csType: a customer-service entry resolved on the server.
 * Open to visitors (the maintenance and region pages link here too); the
 * target is decrypted here and only an http(s) one is followed.
 */
async function loadResource({ params }: LoaderFunctionArgs) {
  const brand = await getBrandConfig(await getDb());
  const target = resolveCsEntry(brand.customerService, params.csType ?? "");
  if (target.kind === "unknown") throw notFound();
  if (target.kind === "refused") throw new Response("Refused", { status: 403 });
  return redirect(target.url, { headers: { "Cache-Control": "no-store" } });
}

export const loader = withResourceHeaders(loadResource);
