/** Where the deposit pages send a member; one place, so the pages and their tests agree. */
export const DEPOSIT_PATH = "/member/deposit";

export const payStepHref = (depositId: string) => `${DEPOSIT_PATH}/pay/${depositId}`;

/** The search parameter that shows a deposit's status note, by the deposit's status. */
export const NOTE_PARAMS = {
  confirmed: "arrived",
  failed: "failed",
  cancelled: "cancelled",
  pending: "returned",
} as const;

export type DepositStatus = keyof typeof NOTE_PARAMS;

/** The deposit page with the note for this deposit (?arrived=<id>, ?failed=<id> …). */
export const depositNoteHref = (depositId: string, status: DepositStatus) =>
  `${DEPOSIT_PATH}?${NOTE_PARAMS[status]}=${depositId}`;
