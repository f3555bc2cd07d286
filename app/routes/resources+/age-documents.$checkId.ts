import type { LoaderFunctionArgs } from "@remix-run/node";
import { findAgeCheckDocument } from "~/platform/protection/age-queue.server";
import { getDb } from "~/platform/start.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { getOperator } from "~/utils/auth.server";
import { privateImageNotFound, privateImageResponse } from "./__private-image.server";

/**
 * An ID document's photo (issue 17), for a signed-in operator only: anyone
 * else, the member who sent it included, gets the 404 of a document that
 * does not exist. The type is the one sniffed from the bytes at upload.
 */
async function loadResource({ request, params }: LoaderFunctionArgs) {
  if (!(await getOperator(request, "age_checks.view"))) return privateImageNotFound();
  const document = await findAgeCheckDocument(await getDb(), params.checkId ?? "");
  if (!document) return privateImageNotFound();
  return privateImageResponse(document);
}

export const loader = withResourceHeaders(loadResource);
