import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

/**
 * The one rule every new password passes (registration, agent-made members,
 * password change and reset, the first operator): 8 to 64 characters, any
 * character at all (spaces, any script), and not common or guessable. Applied
 * when a password is set, never at sign-in, so older passwords still work.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
/**
 * zxcvbn's score 3 ("safely unguessable: moderate protection from an offline
 * slow-hash scenario", about 10^8 guesses and more). Score 2 lets through
 * `Lottery123`; 4 refuses too many passwords people remember.
 */
export const PASSWORD_MIN_SCORE = 3;

export type PasswordProblem = "length" | "guessable";

let checker: ZxcvbnFactory | undefined;

function zxcvbn(): ZxcvbnFactory {
  // Built on first use: the dictionaries take a moment and some memory.
  checker ??= new ZxcvbnFactory({
    dictionary: { ...dictionary },
    graphs: adjacencyGraphs,
  });
  return checker;
}

/** Counted in characters (code points), as a person counts them, not in UTF-16 units. */
export function passwordLength(password: string): number {
  return [...password].length;
}

/**
 * What is wrong with a new password, or null. `related` are words the
 * password must not lean on (the account name, the brand): zxcvbn treats them
 * as a dictionary of their own.
 */
export function passwordProblem(password: string, related: string[] = []): PasswordProblem | null {
  const length = passwordLength(password);
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return "length";
  const words = related.map((word) => word.trim()).filter((word) => word.length > 0);
  const result = zxcvbn().check(password, words);
  return result.score < PASSWORD_MIN_SCORE ? "guessable" : null;
}
