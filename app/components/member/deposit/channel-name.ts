import type { TFunction } from "~/i18n";

/** A channel's name in the member's language; a brand's own channel without a label shows its code. */
export const channelName = (t: TFunction, code: string) =>
  t(`deposit.channels.${code}`, { defaultValue: code });
