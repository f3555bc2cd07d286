import type { LoaderFunctionArgs } from "@remix-run/node";
import { findFeedbackImage } from "~/platform/contact/feedback-threads.server";
import { getDb } from "~/platform/start.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { getOperator, getViewer } from "~/utils/auth.server";
import { privateImageNotFound, privateImageResponse } from "./__private-image.server";

/**
 * A feedback image (issue 16) for a signed-in operator or the member who sent
 * it; anyone else gets the same 404 as for an image that does not exist, so
 * ids reveal nothing. The type is the one sniffed from the bytes at upload,
 * and the browser is told not to guess.
 */
async function loadResource({ request, params }: LoaderFunctionArgs) {
  const image = await findFeedbackImage(await getDb(), params.imageId ?? "");
  if (!image) return privateImageNotFound();
  const operator = await getOperator(request, "feedback.view");
  if (!operator) {
    const viewer = await getViewer(request);
    if (viewer?.member.id !== image.member_id) return privateImageNotFound();
  }
  return privateImageResponse(image);
}

export const loader = withResourceHeaders(loadResource);
