import { getConfig } from "~/config.server";
import type { BrandConfig } from "../system/brand-config.server";
import { decryptCsPath } from "../system/cs-cipher";

/** The csType of the built-in support chat: its entry opens /member/support, it has no stored target. */
export const SUPPORT_CS_TYPE = "SUPPORT";

export const SUPPORT_PAGE = "/member/support";

/** What a page links to for an entry: the server resolves it, so no target reaches the browser. */
export function csEntryHref(csType: string) {
  return `/resources/cs/${encodeURIComponent(csType)}`;
}

export type CsTarget =
  | { kind: "redirect"; url: string }
  | { kind: "unknown" }
  /** A stored target that does not decrypt or is not http(s): never followed. */
  | { kind: "refused" };

/**
 * Where an entry of the brand leads: the support page, the decrypted http(s)
 * target, or why not. Only http(s) is followed, so a tampered or mistaken
 * entry can never become a javascript: or data: link.
 */
export function resolveCsEntry(
  entries: BrandConfig["customerService"],
  csType: string,
  keyHex = getConfig().CS_PATH_KEY,
): CsTarget {
  const entry = entries.find((candidate) => candidate.csType === csType);
  if (!entry) return { kind: "unknown" };
  if (entry.csType === SUPPORT_CS_TYPE) return { kind: "redirect", url: SUPPORT_PAGE };
  const plain = entry.path ? decryptCsPath(entry.path, keyHex) : null;
  if (!plain) return { kind: "refused" };
  try {
    const url = new URL(plain);
    if (url.protocol !== "https:" && url.protocol !== "http:") return { kind: "refused" };
    return { kind: "redirect", url: url.href };
  } catch {
    return { kind: "refused" };
  }
}
