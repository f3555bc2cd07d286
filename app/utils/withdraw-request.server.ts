import type { SubmissionResult } from "@conform-to/react";
import { redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import type { Database } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import type { MemberInfo } from "~/platform/identity/members.server";
import { withdrawPolicyFor } from "~/platform/rewards/vip-levels";
import { findVipLevel } from "~/platform/rewards/vip.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { getBrandConfig } from "~/platform/system/settings.server";
import { checkWithdrawPassword } from "~/platform/wallet/withdraw-password.server";
import { proofIdsByWithdrawal } from "~/platform/wallet/withdrawal-proofs.server";
import { listMemberWithdrawals, requestWithdrawal } from "~/platform/wallet/withdrawals.server";
import type { Viewer } from "./auth.server";
import { formFailure, parseSubmission } from "./form.server";
import { requiredSecret } from "./identity-schemas.server";
import { amountField, idempotencyKeyField, walletErrorMessage } from "./wallet.server";

/**
 * A withdrawal request, the one form two pages post: the member's withdraw
 * page, and the cash-out page of a self-excluded member (ADR 49). Parsed
 * with zod, the withdraw password checked before any money moves, then back
 * to `page` with the new withdrawal's id (POST/redirect/GET).
 */
export interface WithdrawRequestContext {
  db: Database;
  brand: BrandConfig;
  t: TFunction;
  locale: string;
  viewer: Viewer;
}

/**
 * What a refused form answers (a done one redirects): which form it was, for a receipt
 * which withdrawal, and conform's result.
 */
export type WithdrawReply =
  | { form: "add-payee" | "request"; result: SubmissionResult<string[]> }
  | { form: "receipt"; withdrawalId: string; result: SubmissionResult<string[]> };

/** The brand with the member's VIP level's withdraw limits in its wallet policy (ADR 16). */
export async function withdrawBrandFor(db: Database, member: MemberInfo): Promise<BrandConfig> {
  const [brand, level] = await Promise.all([
    getBrandConfig(db),
    findVipLevel(db, member.vipRankLevel),
  ]);
  return { ...brand, wallet: withdrawPolicyFor(brand.wallet, level) };
}

/** One page of the member's withdrawals with their proof ids; a page past the end shows the last one. */
export async function withdrawalHistory(
  db: Database,
  memberId: string,
  page: number,
  pageSize: number,
) {
  let result = await listMemberWithdrawals(db, memberId, { page, pageSize: pageSize });
  const totalPages = Math.max(1, Math.ceil(result.total / pageSize));
  if (page > totalPages)
    result = await listMemberWithdrawals(db, memberId, {
      page: (page = totalPages),
      pageSize: pageSize,
    });
  const proofs = await proofIdsByWithdrawal(
    db,
    result.withdrawals.map((withdrawal) => withdrawal.id),
  );
  // Only what the page shows leaves the server (the payee's number masked).
  const withdrawals = result.withdrawals.map((withdrawal) => ({
    id: withdrawal.id,
    amount: withdrawal.amount,
    status: withdrawal.status,
    reject_reason: withdrawal.reject_reason,
    received_amount: withdrawal.received_amount,
    receipt: withdrawal.receipt,
    auto_receive_at: withdrawal.auto_receive_at,
    created_at: withdrawal.created_at,
    provider: withdrawal.provider,
    masked_number: withdrawal.masked_number,
    proof_ids: proofs.get(withdrawal.id) ?? [],
  }));
  return { withdrawals, page, totalPages };
}

/** The withdraw password is never sent back into a form. */
export const WITHDRAW_HIDDEN_FIELDS = ["withdrawPassword"];

/** A platform failure on one field when it is about that field, on the whole form otherwise. */
export function failureOn(
  fieldsByCode: Record<string, string>,
  error: unknown,
  ctx: WithdrawRequestContext,
) {
  const message = walletErrorMessage(error, ctx.t, ctx.brand, ctx.locale);
  const field = error instanceof PlatformError ? fieldsByCode[error.code] : undefined;
  return field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
}

export async function handleWithdrawalRequest(
  ctx: WithdrawRequestContext,
  formData: FormData,
  page: string,
): Promise<TypedResponse<WithdrawReply>> {
  const { t, brand, db, viewer } = ctx;
  const schema = z.object({
    payeeAccountId: z
      .string({ error: t("withdraw.validation.payeeRequired") })
      .regex(/^\d{1,18}$/, t("withdraw.validation.payeeRequired")),
    amount: amountField(brand, t),
    withdrawPassword: requiredSecret(t("withdraw.validation.passwordRequired")),
    idempotencyKey: z.custom<string>(
      (value) => idempotencyKeyField.safeParse(value).success,
      t("withdraw.formExpired"),
    ),
    // The ticked "forfeit my unfinished bonus" box; whether it is needed is the platform's call.
    forfeitBonuses: z.boolean().default(false),
  });
  const submission = parseSubmission(formData, { schema });
  if (submission.status !== "success")
    return formFailure(submission.reply({ hideFields: WITHDRAW_HIDDEN_FIELDS }), {
      form: "request",
    });
  const { payeeAccountId, amount, withdrawPassword, idempotencyKey, forfeitBonuses } =
    submission.value;
  try {
    // The password first: a wrong one moves no money and counts towards the lock.
    await checkWithdrawPassword(db, viewer.member.id, withdrawPassword);
    const withdrawal = await requestWithdrawal(
      db,
      { memberId: viewer.member.id, payeeAccountId, amount, key: idempotencyKey, forfeitBonuses },
      brand.wallet,
      brand.timeZone,
    );
    return redirect(`${page}?requested=${withdrawal.id}`);
  } catch (error) {
    const fields = {
      withdraw_password_wrong: "withdrawPassword",
      withdraw_password_locked: "withdrawPassword",
      amount_out_of_range: "amount",
      insufficient_balance: "amount",
      unknown_payee: "payeeAccountId",
      // Unfinished bonuses (ADR 15): the box to tick; a bonus that refuses withdrawals is the form's.
      bonus_forfeit_required: "forfeitBonuses",
    };
    return formFailure(
      submission.reply({ ...failureOn(fields, error, ctx), hideFields: WITHDRAW_HIDDEN_FIELDS }),
      { form: "request" },
    );
  }
}
