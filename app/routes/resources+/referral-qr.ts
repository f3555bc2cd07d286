import type { LoaderFunctionArgs } from "@remix-run/node";
import { referralCodeOf } from "~/platform/rewards/referral/codes.server";
import { getDb } from "~/platform/start.server";
import { withResourceHeaders } from "~/server/resource-headers.server";
import { requireRealMember } from "~/utils/auth.server";
import { qrPng, qrSvg } from "~/utils/qr.server";
import { invitationLink } from "~/utils/referral-link.server";
import { svgResponse } from "./__tile-art.server";

/**
 * The signed-in member's invitation link as a QR code: the 200 px SVG that
 * /member/referral shows, or with `?download=1` the 800 px PNG as an
 * attachment to save and share. Private: it names the member's own code.
 */
async function loadResource({ request }: LoaderFunctionArgs) {
  const viewer = await requireRealMember(request);
  const code = await referralCodeOf(await getDb(), viewer.member.id);
  const link = invitationLink(code);
  const download = new URL(request.url).searchParams.get("download") === "1";
  const response = download
    ? new Response(new Uint8Array(await qrPng(link)), {
        headers: {
          "Content-Type": "image/png",
          "Content-Disposition": `attachment; filename="invite-${code}.png"`,
          "X-Content-Type-Options": "nosniff",
        },
      })
    : svgResponse(await qrSvg(link));
  response.headers.set("Cache-Control", "private, max-age=3600");
  response.headers.set("Vary", "Cookie");
  return response;
}

export const loader = withResourceHeaders(loadResource);
