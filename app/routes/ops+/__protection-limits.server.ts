import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import type { OperatorAct } from "~/platform/audit/audit.server";
import type { Database } from "~/platform/db/open.server";
import { PlatformError } from "~/platform/errors";
import { roleOf } from "~/platform/identity/member-types";
import { findMemberByAccount } from "~/platform/identity/members.server";
import {
  addLimitByOperator,
  listLimitedMembers,
  listRealitySettings,
} from "~/platform/protection/limits-ops.server";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { breakTime } from "~/utils/break-form.server";
import { parseSubmission } from "~/utils/form.server";
import { limitAmount, limitKey } from "~/utils/limit-form.server";
import { formatMoney } from "~/utils/money";

/**
 * /ops/protection's limits and reality-settings views and the operator's
 * "add a limit" form (issue 17): a first or lower limit at once; a raise or
 * removal refused, whatever the form posted.
 */

export const PROTECTION_VIEWS = ["breaks", "limits", "reality"] as const;
export type ProtectionView = (typeof PROTECTION_VIEWS)[number];

export function readProtectionQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  const view = PROTECTION_VIEWS.find((name) => name === params.get("view")) ?? "breaks";
  const typed = params.get("account")?.trim() ?? "";
  return { view, account: /^[\w.-]{1,64}$/.test(typed) ? typed : null, typed };
}

type Trail = {
  id: string;
  at: Date | string;
  event: string;
  member_id: string | null;
  detail: unknown;
}[];

const trailOf = (trail: Trail, memberId: string, time: (value: Date | string) => string) =>
  trail
    .filter((entry) => entry.member_id === memberId)
    .map((entry) => ({
      id: entry.id,
      at: time(entry.at),
      event: entry.event,
      detail: JSON.stringify(entry.detail),
    }));

export async function limitsView(db: Database, brand: BrandConfig, account: string | null) {
  const time = (value: Date | string) => breakTime(value, brand.timeZone);
  const money = (value: string | bigint) => formatMoney(value, brand.currency);
  const { rows, trail } = await listLimitedMembers(db, account);
  return rows.map((row) => ({
    id: `${row.member_id}-${row.kind}-${row.period}`,
    account: row.account,
    kind: row.kind,
    period: row.period,
    amount: row.amount === null ? null : money(row.amount),
    pending: row.pending_since
      ? {
          amount: row.pending_amount === null ? null : money(row.pending_amount),
          since: time(row.pending_since),
          confirmableFrom: time(row.confirmableFrom!),
        }
      : null,
    trail: trailOf(trail, row.member_id, time),
  }));
}

export async function realityView(db: Database, brand: BrandConfig, account: string | null) {
  const time = (value: Date | string) => breakTime(value, brand.timeZone);
  const defaultMinutes = brand.realityCheck.defaultIntervalMinutes;
  const { rows, trail } = await listRealitySettings(db, account, defaultMinutes);
  return rows.map((row) => ({
    id: row.member_id,
    account: row.account,
    intervalMinutes: row.interval_minutes ?? defaultMinutes,
    sessionLimitMinutes: row.session_limit_minutes,
    updatedAt: time(row.updated_at),
    trail: trailOf(trail, row.member_id, time),
  }));
}

const addLimitSchema = (brand: BrandConfig, t: TFunction) =>
  z.object({
    account: z
      .string({ error: t("validation.required") })
      .trim()
      .min(1, t("validation.required"))
      .max(64, t("protectionOps.errors.unknownMember")),
    ...limitKey(t),
    amount: limitAmount(brand, t),
  });

export async function addLimitAction(
  formData: FormData,
  { db, brand, t, act }: { db: Database; brand: BrandConfig; t: TFunction; act: OperatorAct },
) {
  const submission = parseSubmission(formData, { schema: addLimitSchema(brand, t) });
  const refuse = (fieldErrors: Record<string, string[]>) =>
    json({ result: submission.reply({ fieldErrors }), form: "limit" as const }, { status: 400 });
  if (submission.status !== "success")
    return json({ result: submission.reply(), form: "limit" as const }, { status: 400 });
  const { account, kind, period, amount } = submission.value;
  const member = await findMemberByAccount(db, account);
  if (!member || roleOf(member.type, brand) === "operator")
    return refuse({ account: [t("protectionOps.errors.unknownMember")] });
  try {
    const effect = await addLimitByOperator(
      db,
      { memberId: member.id, kind, period, amount, actorId: act.operatorId },
      act.context,
    );
    const done = new URLSearchParams({ view: "limits", account: member.account, limited: effect });
    return redirect(`/ops/protection?${done.toString()}`);
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    return refuse({
      amount: [t(`protectionOps.errors.${error.code}`, { defaultValue: t("walletError.unknown") })],
    });
  }
}
