// Shared by design: the member's /member/support and the operators' /ops/support show the same messages and errors.
import type { TFunction } from "~/i18n";
import { formatTimestamp } from "~/platform/calendar/datetime";
import type { SupportMessage } from "~/platform/contact/support.server";
import type { PlatformError } from "~/platform/errors";

const KNOWN = new Set([
  "support_message_required",
  "support_message_too_long",
  "support_throttled",
  "support_closed",
]);

export function supportErrorMessage(error: PlatformError, t: TFunction) {
  return KNOWN.has(error.code)
    ? t(`support.errors.${error.code}`, error.details)
    : t("support.errors.failed");
}

export function messageView(message: SupportMessage, timeZone: string) {
  return {
    id: message.id,
    author: message.author,
    body: message.body,
    at: formatTimestamp(new Date(message.createdAt).toISOString(), timeZone),
  };
}
