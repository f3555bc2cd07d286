/**
 * The security centre's authenticator form (ADR 34: optional for members):
 * turn on (QR, secret, confirm with a code, the recovery codes once) and off
 * (with a code). The route's action dispatches every `authenticator-*` intent
 * here; the handling itself is shared with /ops/authenticator (app/utils).
 */
import type { TypedResponse } from "@remix-run/node";
import type { TFunction } from "~/i18n";
import type { Database } from "~/platform/db/open.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import type { Viewer } from "~/utils/auth.server";
import { authenticatorAction, type AuthenticatorReply } from "~/utils/authenticator.server";

export { authenticatorState, isAuthenticatorIntent } from "~/utils/authenticator.server";

export function memberAuthenticatorAction(input: {
  request: Request;
  formData: FormData;
  viewer: Viewer;
  db: Database;
  brand: BrandConfig;
  t: TFunction;
}): Promise<TypedResponse<AuthenticatorReply>> {
  const { request, formData, viewer, db, brand, t } = input;
  return authenticatorAction({
    request,
    formData,
    db,
    owner: viewer.member,
    issuer: brand.name,
    t,
    back: "/member/security#authenticator",
  });
}
