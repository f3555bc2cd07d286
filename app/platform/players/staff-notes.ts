/**
 * The rules of staff notes and tags on a member, shared by the forms (their
 * limits) and the platform (which applies them). The database checks the same
 * limits (migration 0045), so nothing that slips past these can be stored.
 */

/** The longest staff note, in characters. */
export const NOTE_MAX = 2000;

/** The longest tag, in characters: a word to filter by, not a sentence. */
export const TAG_MAX = 32;

/** The most tags a member holds, the brand's and staff's own together: past that, a tag says little. */
export const TAGS_PER_MEMBER = 20;

/** Letters and digits of any script (with their marks), "-" and "_", starting with a letter or digit. */
const TAG_TEXT = /^[\p{L}\p{N}][\p{L}\p{M}\p{N}_-]*$/u;

/**
 * A tag as staff typed it, as it is stored: full-width and compatibility forms
 * folded (NFKC), trimmed, lower-case, inner spaces as one "_" (as the brand's
 * codes are written). Null when nothing is left, it is too long, or it holds
 * anything but the allowed text. So "High risk", " high_risk " and
 * "ＨＩＧＨ ＲＩＳＫ" are all `high_risk`, the brand's tag of that name.
 */
export function normaliseTag(typed: string): string | null {
  const tag = typed.normalize("NFKC").trim().toLowerCase().replace(/\s+/g, "_");
  if (tag === "" || [...tag].length > TAG_MAX || !TAG_TEXT.test(tag)) return null;
  return tag;
}
