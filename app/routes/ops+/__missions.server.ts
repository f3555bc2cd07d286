import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type TypedResponse } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { PlatformError } from "~/platform/errors";
import {
  createMission,
  setMissionEnabled,
  updateMission,
} from "~/platform/rewards/missions/mission-admin.server";
import { listMissions, type Mission } from "~/platform/rewards/missions/mission-rows.server";
import {
  isMoneyCondition,
  MISSION_CATEGORIES,
  MISSION_CODE_PATTERN,
  MISSION_CONDITIONS,
  MISSION_PERIODS,
  MISSION_REWARDS,
} from "~/platform/rewards/missions/mission-types";
import type { BrandConfig } from "~/platform/system/brand-config.server";
import { readForm, parseSubmission } from "~/utils/form.server";
import { minorToInput, parseMoneyInput } from "~/utils/money";
import { opsRequest, type OpsRequest } from "./__ops-request.server";

/**
 * /ops/missions: the operator lists, adds, edits, enables and disables
 * missions. ?edit=new opens an empty form, ?edit=<id> a mission's. Targets of
 * deposit and valid-bet missions and cash rewards are typed in the brand's
 * currency, the others as whole numbers. Every change is audited by the platform.
 */
const PAGE = "/ops/missions";

/** A mission as its form shows it: amounts as typed text. */
function formValues(mission: Mission, minorUnits: number) {
  const money = (value: bigint) => minorToInput(value, minorUnits);
  return {
    id: mission.id,
    code: mission.code,
    nameEn: mission.names.en ?? "",
    nameUr: mission.names.ur ?? "",
    descriptionEn: mission.descriptions.en ?? "",
    descriptionUr: mission.descriptions.ur ?? "",
    period: mission.period,
    condition: mission.condition,
    category: mission.category ?? "",
    target: isMoneyCondition(mission.condition) ? money(mission.target) : String(mission.target),
    rewardKind: mission.rewardKind,
    rewardAmount:
      mission.rewardKind === "cash" ? money(mission.rewardAmount) : String(mission.rewardAmount),
    turnoverMultiple: String(mission.turnoverMultiple / 100),
    missionPoints: String(mission.missionPoints),
    sort: String(mission.sort),
    enabled: mission.enabled,
  };
}

export async function opsMissionsLoader(request: Request) {
  const { db, brand, t } = await opsRequest(request, "missions.view");
  const missions = await listMissions(db);
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit");
  return json({
    title: t("opsMissions.title"),
    brandName: brand.name,
    missions: missions.map((mission) => formValues(mission, brand.currency.minorUnits)),
    editing: edit === "new" || missions.some((m) => m.id === edit) ? edit : null,
    saved: url.searchParams.get("saved"),
  });
}

const countOrMoney = (text: string, money: boolean, minorUnits: number): bigint | null => {
  if (money) return parseMoneyInput(text, minorUnits);
  return /^\d{1,12}$/.test(text.trim()) ? BigInt(text.trim()) : null;
};

function missionSchema(t: TFunction, brand: BrandConfig) {
  const error = (key: string) => t(`opsMissions.error.${key}`);
  const name = z
    .string({ error: error("name") })
    .trim()
    .min(1, error("name"))
    .max(200, error("name"));
  const description = z.string().trim().max(500, error("description")).optional().default("");
  const whole = (key: string, max: number) =>
    z.coerce
      .number({ error: error(key) })
      .int(error(key))
      .min(0, error(key))
      .max(max, error(key));
  return z
    .object({
      missionId: z
        .string()
        .regex(/^\d{1,18}$/)
        .optional(),
      code: z
        .string({ error: error("code") })
        .trim()
        .regex(MISSION_CODE_PATTERN, error("code")),
      nameEn: name,
      nameUr: name,
      descriptionEn: description,
      descriptionUr: description,
      period: z.enum(MISSION_PERIODS, { error: error("choice") }),
      condition: z.enum(MISSION_CONDITIONS, { error: error("choice") }),
      category: z
        .enum(MISSION_CATEGORIES, { error: error("choice") })
        .optional()
        .transform((category) => category ?? null),
      target: z.string({ error: error("target") }),
      rewardKind: z.enum(MISSION_REWARDS, { error: error("choice") }),
      rewardAmount: z.string({ error: error("reward") }),
      turnoverMultiple: z.coerce
        .number({ error: error("turnover") })
        .min(0, error("turnover"))
        .max(1000, error("turnover"))
        .optional()
        .default(0),
      missionPoints: whole("missionPoints", 1_000_000),
      sort: z.coerce
        .number({ error: error("sort") })
        .int(error("sort"))
        .min(-1000, error("sort"))
        .max(1000, error("sort"))
        .optional()
        .default(0),
    })
    .transform((value, ctx) => {
      const target = countOrMoney(
        value.target,
        isMoneyCondition(value.condition),
        brand.currency.minorUnits,
      );
      if (target === null || target <= 0n)
        ctx.addIssue({ code: "custom", path: ["target"], message: error("target") });
      const rewardAmount = countOrMoney(
        value.rewardAmount,
        value.rewardKind === "cash",
        brand.currency.minorUnits,
      );
      if (rewardAmount === null || rewardAmount <= 0n)
        ctx.addIssue({ code: "custom", path: ["rewardAmount"], message: error("reward") });
      if (value.category !== null && value.condition !== "valid_bet")
        ctx.addIssue({ code: "custom", path: ["category"], message: error("category") });
      const turnoverMultiple = Math.round(value.turnoverMultiple * 100);
      if (value.rewardKind === "points" && turnoverMultiple > 0)
        ctx.addIssue({
          code: "custom",
          path: ["turnoverMultiple"],
          message: error("turnoverPoints"),
        });
      if (target === null || rewardAmount === null) return z.NEVER;
      return {
        missionId: value.missionId,
        input: {
          code: value.code,
          names: { en: value.nameEn, ur: value.nameUr },
          descriptions: { en: value.descriptionEn, ur: value.descriptionUr },
          period: value.period,
          condition: value.condition,
          category: value.category,
          target,
          rewardKind: value.rewardKind,
          rewardAmount,
          turnoverMultiple,
          missionPoints: value.missionPoints,
          sort: value.sort,
        },
      };
    });
}

const toggleSchema = z.object({
  intent: z.enum(["enable", "disable"]),
  missionId: z.string().regex(/^\d{1,18}$/),
});

export type OpsMissionsReply = { result: SubmissionResult<string[]> };

type Reply = TypedResponse<OpsMissionsReply>;
type Context = OpsRequest;
type Act = Parameters<typeof setMissionEnabled>[3];

/** A refused change: the platform's reason, beside its field when it names one. */
function refused(
  error: unknown,
  t: TFunction,
  reply: (options: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
  }) => SubmissionResult<string[]>,
): Reply {
  if (!(error instanceof PlatformError)) throw error;
  const message = t(`opsMissions.error.${error.code}`, {
    defaultValue: t("opsMissions.error.unknown"),
  });
  const field = typeof error.details.field === "string" ? error.details.field : null;
  return json(
    { result: reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }) },
    { status: 400 },
  );
}

async function toggle(formData: FormData, { db, t }: Context, act: Act): Promise<Reply> {
  const submission = parseSubmission(formData, { schema: toggleSchema });
  if (submission.status !== "success")
    return json(
      { result: submission.reply({ formErrors: [t("opsMissions.error.mission_not_found")] }) },
      { status: 400 },
    );
  const { intent, missionId } = submission.value;
  try {
    await setMissionEnabled(db, missionId, intent === "enable", act);
  } catch (error) {
    return refused(error, t, (options) => submission.reply(options));
  }
  return redirect(`${PAGE}?saved=${missionId}`);
}

async function save(formData: FormData, { db, brand, t }: Context, act: Act): Promise<Reply> {
  const submission = parseSubmission(formData, { schema: missionSchema(t, brand) });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  const { missionId, input } = submission.value;
  let id = missionId;
  try {
    if (missionId) await updateMission(db, missionId, input, act);
    else id = await createMission(db, input, act);
  } catch (error) {
    return refused(error, t, (options) => submission.reply(options));
  }
  return redirect(`${PAGE}?saved=${id}`);
}

export async function opsMissionsAction(request: Request): Promise<Reply> {
  const formData = await readForm(request, { honeypot: true });
  const context = await opsRequest(request, "missions.manage");
  const intent = formData.get("intent");
  return intent === "enable" || intent === "disable"
    ? toggle(formData, context, context.act)
    : save(formData, context, context.act);
}
