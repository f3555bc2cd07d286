/** What every security-centre form shares: its request, its answer, and the fields never sent back. */
import type { SubmissionResult } from "@conform-to/react";
import type { TypedResponse } from "@remix-run/node";
import type { CodeSent } from "~/components/identity/sms-code-button";
import type { SecuritySection } from "~/components/member/security/section";
import type { TFunction } from "~/i18n";
import type { Database } from "~/platform/db/open.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import type { Viewer } from "~/utils/auth.server";
import { formFailure } from "~/utils/form.server";
import { SECRET_FIELDS } from "~/utils/identity.server";

/** Never sent back into a re-rendered form, on top of the identity forms' secrets. */
export const HIDDEN_FIELDS = [
  ...SECRET_FIELDS,
  "loginPassword",
  "authenticatorCode",
  "oldWithdrawPassword",
  "newWithdrawPassword",
  "confirmWithdrawPassword",
];

export interface SecurityRequest {
  request: Request;
  formData: FormData;
  viewer: Viewer;
  db: Database;
  brand: BrandConfig;
  t: TFunction;
}

/**
 * What a form of the page answers when it does not redirect: the section it belongs to (so
 * only that form shows the errors and values), conform's result, and the get-code
 * button's countdown when the answer has one.
 */
export type SecurityReply = {
  section: SecuritySection;
  result: SubmissionResult<string[]>;
  codeSent: CodeSent | null;
};
export type Reply = Promise<TypedResponse<SecurityReply>>;

export const failure = (
  section: SecuritySection,
  result: SubmissionResult<string[]>,
  codeSent?: CodeSent | null,
) => formFailure(result, { section, codeSent: codeSent ?? null });
