import { json, redirect } from "@remix-run/node";
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { instantOfWallClock, wallClockInput } from "~/platform/calendar/date-range";
import { formatTimestamp } from "~/platform/calendar/datetime";
import {
  deleteAnnouncement,
  EXECUTIONS,
  findAnnouncement,
  listAnnouncementsForOps,
  saveAnnouncement,
  setAnnouncementEnabled,
} from "~/platform/content/announcements-ops.server";
import { ANNOUNCEMENT_TYPES } from "~/platform/content/announcements.server";
import { PlatformError } from "~/platform/errors";
import { parseSubmission, readForm, formFailure } from "~/utils/form.server";
import { opsRequest } from "./__ops-request.server";

const notFound = () => json({ error: "not_found" }, { status: 404 });
const DONE = ["saved", "published", "unpublished", "deleted"] as const;

/**
 * /ops/announcements (issue 16): the list with publish, unpublish and
 * delete; /ops/announcements/new and /<id>: the form (type, audience,
 * language, title, content HTML, order, start, published). The platform
 * audits every change and announces it to members' open pages.
 */
export async function opsAnnouncementsLoader(request: Request) {
  const { db, brand, t } = await opsRequest(request, "announcements.view");
  const rows = await listAnnouncementsForOps(db);
  const now = Date.now();
  const done = new URL(request.url).searchParams.get("done");
  return json({
    title: t("opsAnnouncements.title"),
    brandName: brand.name,
    done: DONE.find((value) => value === done) ?? null,
    announcements: rows.map((row) => ({
      id: row.id,
      type: row.type,
      execution: row.execution,
      title: row.title,
      language: row.language,
      startsAt: formatTimestamp(row.publishedAt.toISOString(), brand.timeZone),
      state: (!row.enabled
        ? "unpublished"
        : row.publishedAt.getTime() > now
          ? "scheduled"
          : "live") as "live" | "scheduled" | "unpublished",
      enabled: row.enabled,
    })),
  });
}

const listSchema = z.object({
  intent: z.enum(["publish", "unpublish", "delete"]),
  id: z.string(),
});

/** Publish, unpublish or delete from the list; a forged form is a 400, an unknown id a 404. */
export async function opsAnnouncementsAction(request: Request) {
  const formData = await readForm(request, { honeypot: true });
  const { db, act } = await opsRequest(request, "announcements.manage");
  const submission = parseSubmission(formData, { schema: listSchema });
  if (submission.status !== "success") throw json({ error: "invalid_form" }, { status: 400 });
  const { intent, id } = submission.value;
  try {
    if (intent === "delete") await deleteAnnouncement(db, id, act);
    else await setAnnouncementEnabled(db, id, intent === "publish", act);
  } catch (error) {
    if (error instanceof PlatformError && error.code === "announcement_not_found") throw notFound();
    throw error;
  }
  const done = { publish: "published", unpublish: "unpublished", delete: "deleted" }[intent];
  return redirect(`/ops/announcements?done=${done}`);
}

export async function opsAnnouncementLoader(request: Request, id: string | null) {
  const { db, brand, t } = await opsRequest(request, "announcements.view");
  const row = id === null ? null : await findAnnouncement(db, id);
  if (id !== null && !row) throw notFound();
  return json({
    title: t(row ? "opsAnnouncements.edit" : "opsAnnouncements.new"),
    brandName: brand.name,
    types: ANNOUNCEMENT_TYPES,
    executions: EXECUTIONS,
    languages: brand.languages,
    announcement: row && {
      type: row.type,
      execution: row.execution,
      language: row.language ?? "",
      title: row.title,
      content: row.contentHtml,
      sort: String(row.sort),
      startsAt: wallClockInput(row.publishedAt, brand.timeZone),
      enabled: row.enabled,
    },
  });
}

function announcementSchema(t: TFunction, languages: readonly string[], timeZone: string) {
  const text = (max: number) =>
    z
      .string({ error: t("opsAnnouncements.error.text", { max }) })
      .trim()
      .min(1, t("opsAnnouncements.error.text", { max }))
      .max(max, t("opsAnnouncements.error.text", { max }));
  const choice = t("opsAnnouncements.error.choice");
  return z.object({
    type: z.enum(ANNOUNCEMENT_TYPES, { error: choice }),
    execution: z.enum(EXECUTIONS, { error: choice }),
    language: z
      .string()
      .default("")
      .refine((value) => value === "" || languages.includes(value), choice)
      .transform((value) => (value === "" ? null : value)),
    title: text(120),
    content: text(5000),
    sort: z.coerce
      .number({ error: t("opsAnnouncements.error.sort") })
      .int(t("opsAnnouncements.error.sort"))
      .min(0, t("opsAnnouncements.error.sort"))
      .max(999, t("opsAnnouncements.error.sort"))
      .default(0),
    // Empty: starts now.
    startsAt: z
      .string()
      .default("")
      .transform((value, ctx) => {
        if (value.trim() === "") return new Date();
        const instant = instantOfWallClock(value, timeZone);
        if (instant) return instant;
        ctx.addIssue({ code: "custom", message: t("opsAnnouncements.error.startsAt") });
        return z.NEVER;
      }),
    enabled: z.boolean().default(false),
  });
}

/** Saves the form; bad input is a translated field error and nothing changes. */
export async function opsAnnouncementAction(request: Request, id: string | null) {
  const formData = await readForm(request, { honeypot: true, multiline: ["content"] });
  const { db, brand, t, act } = await opsRequest(request, "announcements.manage");
  const submission = parseSubmission(formData, {
    schema: announcementSchema(t, brand.languages, brand.timeZone),
  });
  if (submission.status !== "success") return formFailure(submission.reply());
  const { content, startsAt, ...value } = submission.value;
  try {
    await saveAnnouncement(db, id, { ...value, contentHtml: content, publishedAt: startsAt }, act);
  } catch (error) {
    if (error instanceof PlatformError && error.code === "announcement_not_found") throw notFound();
    throw error;
  }
  return redirect("/ops/announcements?done=saved");
}
