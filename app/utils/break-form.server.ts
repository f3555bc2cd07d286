// Shared by design: the break page, /ops/protection, the agents' team list and the login message show a break.
import * as z from "zod/v4";
import type { TFunction } from "~/i18n";
import { formatTimestamp } from "~/platform/calendar/datetime";
import { BREAK_BOUNDS, breakLengthAllowed } from "~/platform/protection/breaks.server";

/**
 * A break's kind and length: a picked choice, or the typed length when one
 * was typed. Out of bounds is a translated error on the length field.
 */
export const breakFormSchema = (t: TFunction) =>
  z
    .object({
      kind: z.enum(["time_out", "exclusion"], { error: t("validation.required") }),
      length: z.string().max(6).optional(),
      typedLength: z.string().max(6).optional(),
    })
    .transform((value, ctx) => {
      const text = value.typedLength?.trim() || value.length?.trim() || "";
      const length = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
      if (!breakLengthAllowed(value.kind, length)) {
        const bounds = BREAK_BOUNDS[value.kind];
        ctx.addIssue({
          code: "custom",
          path: ["length"],
          message: t(`protectionBreak.errors.${value.kind}`, { min: bounds.min, max: bounds.max }),
        });
        return z.NEVER;
      }
      return { kind: value.kind, length };
    });

/** Instants on these pages are shown in the brand's time zone. */
export const breakTime = (value: Date | string, timeZone: string) =>
  formatTimestamp(new Date(value).toISOString(), timeZone);
