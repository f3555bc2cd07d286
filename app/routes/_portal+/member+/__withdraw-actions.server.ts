import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import { PlatformError } from "~/platform/errors";
import { PROOF_MAX_COUNT } from "~/platform/uploads/proof-images";
import { addPayeeAccount, removePayeeAccount } from "~/platform/wallet/payees.server";
import {
  confirmWithdrawalReceipt,
  findMemberWithdrawal,
} from "~/platform/wallet/withdrawals.server";
import { parseSubmission, formFailure } from "~/utils/form.server";
import { requiredSecret, requiredText } from "~/utils/identity-schemas.server";
import { parseMoneyInput } from "~/utils/money";
import { walletErrorMessage } from "~/utils/wallet.server";
import {
  failureOn,
  WITHDRAW_HIDDEN_FIELDS,
  type WithdrawReply,
  type WithdrawRequestContext,
} from "~/utils/withdraw-request.server";
import type { ProofUpload } from "./__proof-upload.server";

/**
 * The /member/withdraw forms: each parses its form with zod,
 * calls the platform for the signed-in member only, and answers with a
 * redirect (POST → redirect → GET) or its form's errors, tagged with the form
 * they belong to (`form`) so the page shows them in the right place.
 */
const PAGE = "/member/withdraw";
type Reply = Promise<TypedResponse<WithdrawReply>>;
const HIDDEN = WITHDRAW_HIDDEN_FIELDS;
const notFound = () => json({ error: "not_found" }, { status: 404 });
const idField = z.string().regex(/^\d{1,18}$/);

export async function handleAddPayee(ctx: WithdrawRequestContext, formData: FormData): Reply {
  const { t, brand } = ctx;
  const codes = brand.wallet.payeeProviders.map((provider) => provider.code);
  const schema = z.object({
    provider: z
      .string({ error: t("walletError.unknown_provider") })
      .refine((code) => codes.includes(code), t("walletError.unknown_provider")),
    holderName: requiredText(t("withdraw.validation.holderRequired"), 64),
    accountNumber: z
      .string({ error: t("withdraw.validation.accountNumber") })
      .trim()
      .regex(/^\d{6,24}$/, t("withdraw.validation.accountNumber")),
    withdrawPassword: requiredSecret(t("withdraw.validation.passwordRequired")),
  });
  const submission = parseSubmission(formData, { schema });
  if (submission.status !== "success")
    return formFailure(submission.reply({ hideFields: HIDDEN }), { form: "add-payee" });
  try {
    await addPayeeAccount(
      ctx.db,
      { memberId: ctx.viewer.member.id, ...submission.value },
      brand.wallet,
    );
  } catch (error) {
    const fields = {
      unknown_provider: "provider",
      withdraw_password_wrong: "withdrawPassword",
      withdraw_password_locked: "withdrawPassword",
    };
    return formFailure(submission.reply({ ...failureOn(fields, error, ctx), hideFields: HIDDEN }), {
      form: "add-payee",
    });
  }
  return redirect(`${PAGE}?payee=added`);
}

/** A payee id that is not one of the member's own is a 404, never someone else's account. */
export async function handleRemovePayee(ctx: WithdrawRequestContext, formData: FormData) {
  const payeeId = idField.safeParse(formData.get("payeeId"));
  if (!payeeId.success || !(await removePayeeAccount(ctx.db, ctx.viewer.member.id, payeeId.data)))
    throw notFound();
  return redirect(`${PAGE}?payee=removed`);
}

function receiptSchema(ctx: WithdrawRequestContext) {
  const { t, brand } = ctx;
  const common = {
    withdrawalId: idField,
    note: z.string().trim().max(140, t("withdraw.receipt.noteTooLong")).optional(),
  };
  // 0 is a valid answer here ("nothing arrived"), unlike a request's amount.
  const received = z
    .string({ error: t("walletError.amount_required") })
    .transform((text, issue) => {
      const minor = parseMoneyInput(text, brand.currency.minorUnits);
      if (minor === null) {
        issue.addIssue({ code: "custom", message: t("walletError.amount_format") });
        return z.NEVER;
      }
      return minor;
    });
  return z.discriminatedUnion(
    "outcome",
    [
      z.object({ outcome: z.literal("full"), ...common }),
      z.object({ outcome: z.literal("partial"), receivedAmount: received, ...common }),
    ],
    { error: t("withdraw.receipt.outcomeRequired") },
  );
}

/**
 * Withdrawal confirmation: received in full, or not (fully or partly) with
 * the amount that arrived, a note and proof images. Only the member's own
 * withdrawal: any other id is a 404.
 */
export async function handleReceipt(ctx: WithdrawRequestContext, upload: ProofUpload): Reply {
  const { db, viewer, t } = ctx;
  const withdrawal = await findMemberWithdrawal(
    db,
    viewer.member.id,
    upload.fields.withdrawalId ?? "",
  );
  if (!withdrawal) throw notFound();
  const formData = upload.form;
  const submission = parseSubmission(formData, { schema: receiptSchema(ctx) });
  const failure = (reply: Parameters<typeof submission.reply>[0]) =>
    formFailure(submission.reply(reply), { form: "receipt", withdrawalId: withdrawal.id });
  if (upload.problem) {
    const message = walletErrorMessage(
      new PlatformError(upload.problem, { max: PROOF_MAX_COUNT }),
      t,
      ctx.brand,
      ctx.locale,
    );
    return failure({ fieldErrors: { proofs: [message] } });
  }
  if (submission.status !== "success") return failure({});
  const form = submission.value;
  try {
    const proofs = await Promise.all(
      upload.files.map(async (file) => ({ bytes: new Uint8Array(await file.arrayBuffer()) })),
    );
    await confirmWithdrawalReceipt(db, {
      memberId: viewer.member.id,
      withdrawalId: withdrawal.id,
      receivedAmount: form.outcome === "full" ? BigInt(withdrawal.amount) : form.receivedAmount,
      note: form.note,
      proofs,
    });
  } catch (error) {
    if (error instanceof PlatformError && error.code === "not_found") throw notFound();
    const fields = {
      amount_out_of_range: "receivedAmount",
      proof_type: "proofs",
      proof_size: "proofs",
      proof_count: "proofs",
    };
    return failure(failureOn(fields, error, ctx));
  }
  return redirect(`${PAGE}?confirmed=${withdrawal.id}`);
}
