/**
 * "Feedback content between {0} and {1} words", counted the same way in
 * every language: a run of letters, digits and combining marks is one word
 * (English, Urdu, Portuguese and Korean separate words with spaces; Urdu's
 * zero-width non-joiner stays inside its word), while Chinese characters,
 * hiragana and katakana count one word each, because Japanese and Chinese
 * put no spaces between words and a sentence would otherwise be one word.
 * Punctuation and symbols alone are no word.
 */
// ー (long vowel) and 々 (repeat) are "Common" script letters that live inside Japanese words.
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30fc\u3005]/gu;
const WORD = /[\p{L}\p{N}\p{M}\u200c\u200d]+/gu;

export function countWords(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const rest = text.replace(CJK, " ").match(WORD) ?? [];
  // A run made only of joiners is no word.
  return cjk + rest.filter((run) => /[\p{L}\p{N}]/u.test(run)).length;
}
