import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import { claimMission, listMissionClaims } from "~/platform/rewards/missions/mission-claims.server";
import { missionLeaderboard } from "~/platform/rewards/missions/mission-leaderboard.server";
import {
  isClaimable,
  missionProgress,
  type MissionProgress,
} from "~/platform/rewards/missions/mission-progress.server";
import type { Mission } from "~/platform/rewards/missions/mission-rows.server";
import { isMoneyCondition, textIn } from "~/platform/rewards/missions/mission-types";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { requireRealMember } from "~/utils/auth.server";
import { readForm, parseSubmission, formFailure } from "~/utils/form.server";
import { i18next } from "~/utils/i18next.server";
import { formatMoney } from "~/utils/money";
import { pageParam } from "~/utils/pagination";
import { RECORDS_PAGE_SIZE, recordsContext } from "~/utils/records.server";
import { idempotencyKeyField, newFormKey } from "~/utils/wallet.server";

/**
 * /member/missions: the current missions with their
 * progress read from the records, the claim form, the member's claims and
 * this week's leaderboard. Texts are made here in the reader's language.
 */
const PAGE = "/member/missions";

type Money = Pick<BrandConfig, "currency">["currency"];

const amountOf = (mission: Mission, value: bigint, currency: Money, locale: string) =>
  isMoneyCondition(mission.condition)
    ? formatMoney(value, currency, locale)
    : value.toLocaleString(locale);

export function rewardText(
  reward: { kind: string; amount: bigint; turnoverMultiple: number },
  t: TFunction,
  currency: Money,
  locale: string,
) {
  if (reward.kind === "points")
    return t("missions.reward.points", { count: Number(reward.amount) });
  const amount = formatMoney(reward.amount, currency, locale);
  return reward.turnoverMultiple > 0
    ? t("missions.reward.cashLocked", { amount, times: reward.turnoverMultiple / 100 })
    : t("missions.reward.cash", { amount });
}

function conditionText(mission: Mission, t: TFunction, currency: Money, locale: string) {
  const target = amountOf(mission, mission.target, currency, locale);
  if (mission.condition === "valid_bet")
    return mission.category
      ? t("missions.condition.valid_bet", {
          target,
          category: t(`category.${mission.category}`),
        })
      : t("missions.condition.valid_bet_any", { target });
  return t(`missions.condition.${mission.condition}`, { target, count: Number(mission.target) });
}

function timeLeft(row: MissionProgress, now: Date, t: TFunction) {
  if (row.mission.period === "once") return t("missions.noDeadline");
  const minutes = Math.max(1, Math.ceil((row.period.end.getTime() - now.getTime()) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  return days > 0
    ? t("missions.timeLeftDays", { days, hours })
    : t("missions.timeLeft", { hours, minutes: minutes % 60 });
}

function missionView(
  row: MissionProgress,
  now: Date,
  t: TFunction,
  currency: Money,
  locale: string,
) {
  const { mission, progress } = row;
  const shown = progress > mission.target ? mission.target : progress;
  return {
    id: mission.id,
    code: mission.code,
    name: textIn(mission.names, locale),
    description: textIn(mission.descriptions, locale),
    period: t(`missions.period.${mission.period}`),
    condition: conditionText(mission, t, currency, locale),
    figure: amountOf(mission, shown, currency, locale),
    target: amountOf(mission, mission.target, currency, locale),
    percent: Number((shown * 100n) / mission.target),
    claimed: row.claimed,
    claimable: isClaimable(row),
    timeLeft: timeLeft(row, now, t),
    reward: rewardText(
      {
        kind: mission.rewardKind,
        amount: mission.rewardAmount,
        turnoverMultiple: mission.turnoverMultiple,
      },
      t,
      currency,
      locale,
    ),
    missionPoints: mission.missionPoints,
  };
}

export async function missionsLoader(request: Request) {
  const viewer = await requireRealMember(request);
  const [{ db, brand, t }, locale] = await Promise.all([
    recordsContext(request),
    i18next.getLocale(request),
  ]);
  const memberId = viewer.member.id;
  const url = new URL(request.url);
  const now = new Date();
  const [progress, history, board] = await Promise.all([
    missionProgress(db, memberId, { timeZone: brand.timeZone, now }),
    listMissionClaims(db, memberId, {
      page: pageParam(url.searchParams.get("page")),
      pageSize: RECORDS_PAGE_SIZE,
    }),
    missionLeaderboard(db, memberId, brand.timeZone, now),
  ]);
  const claimed = progress.find((row) => row.mission.id === url.searchParams.get("claimed"));
  return json({
    title: t("missions.title"),
    brandName: brand.name,
    timeZone: brand.timeZone,
    formKey: newFormKey(),
    claimed: claimed
      ? t("missions.claimedNotice", {
          name: textIn(claimed.mission.names, locale),
          reward: rewardText(
            {
              kind: claimed.mission.rewardKind,
              amount: claimed.mission.rewardAmount,
              turnoverMultiple: claimed.mission.turnoverMultiple,
            },
            t,
            brand.currency,
            locale,
          ),
        })
      : null,
    missions: progress.map((row) => missionView(row, now, t, brand.currency, locale)),
    history: {
      ...history,
      rows: history.rows.map((row) => ({
        id: row.id,
        name: textIn(row.names, locale),
        reward: rewardText(
          {
            kind: row.rewardKind,
            amount: BigInt(row.rewardAmount),
            turnoverMultiple: row.turnoverMultiple,
          },
          t,
          brand.currency,
          locale,
        ),
        missionPoints: row.missionPoints,
        claimedAt: row.claimedAt,
      })),
    },
    leaderboard: board,
  });
}

const claimSchema = z.object({
  idempotencyKey: idempotencyKeyField,
  missionId: z.string().regex(/^\d{1,18}$/),
});

export async function missionsAction(request: Request) {
  const formData = await readForm(request, { honeypot: true });
  const viewer = await requireRealMember(request);
  const { db, brand, t } = await recordsContext(request);
  const submission = parseSubmission(formData, { schema: claimSchema });
  const missionId = String(formData.get("missionId") ?? "");
  // Both fields come from the page: a missing or malformed one is a stale or altered page.
  if (submission.status !== "success")
    return formFailure(submission.reply({ formErrors: [t("missions.error.expired")] }), {
      missionId,
    });
  try {
    await claimMission(
      db,
      {
        memberId: viewer.member.id,
        missionId: submission.value.missionId,
        formKey: submission.value.idempotencyKey,
      },
      brand.timeZone,
    );
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    const message = t(`missions.error.${error.code}`, {
      defaultValue: t("missions.error.unknown"),
    });
    return formFailure(submission.reply({ formErrors: [message] }), { missionId });
  }
  return redirect(`${PAGE}?claimed=${submission.value.missionId}`);
}
