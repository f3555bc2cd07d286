import type { SubmissionResult } from "@conform-to/react";
import { enteredValue, type FormReply } from "~/components/forms/field";

/** What the withdraw page renders; money in minor units (decimal strings), formatted only when shown. */
export interface Currency {
  symbol: string;
  minorUnits: number;
}

export const WITHDRAW_PATH = "/member/withdraw";
export const proofHref = (proofId: string) => `/resources/withdrawal-proofs/${proofId}`;

export interface PayeeView {
  id: string;
  provider: string;
  holderName: string;
  /** Only the last digits leave the server. */
  maskedNumber: string;
}

export interface ProviderView {
  code: string;
  name: string;
}

/** A provider's name from the brand's list; its code when the brand has dropped it since. */
export const providerName = (code: string, providers: ProviderView[]) =>
  providers.find((provider) => provider.code === code)?.name ?? code;

export interface WithdrawalView {
  id: string;
  amount: string;
  status: string;
  reject_reason: string | null;
  received_amount: string | null;
  receipt: string | null;
  auto_receive_at: string | null;
  created_at: string;
  provider: string;
  masked_number: string;
  proof_ids: string[];
}

/** An action's answer: which form failed (and for a receipt, which withdrawal), with conform's result. */
export interface WithdrawActionData {
  form?: "add-payee" | "request" | "receipt";
  withdrawalId?: string;
  result?: SubmissionResult<string[]>;
}

/** The form's result only when the answer is about that form (and that withdrawal). */
export function resultFor(
  data: WithdrawActionData | undefined,
  form: WithdrawActionData["form"],
  withdrawalId?: string,
) {
  if (!data || data.form !== form) return undefined;
  if (withdrawalId !== undefined && data.withdrawalId !== withdrawalId) return undefined;
  return data.result;
}

/** A typed value a failed form hands back (conform's initialValue), as text for an input's defaultValue. */
export function enteredText(result: FormReply | null | undefined) {
  return (name: string) => enteredValue(result, name) ?? "";
}
