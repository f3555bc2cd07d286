/** What the break page renders: the tools' bounds, the pending confirmation and the history. */
export type BreakKindView = "time_out" | "exclusion";

export interface BreakBoundsView {
  unit: "days" | "months";
  min: number;
  max: number;
  choices: readonly number[];
}

export interface BreakConfirmView {
  kind: BreakKindView;
  length: number;
  /** The end, already in the brand's time zone. */
  until: string;
}

export interface BreakRowView {
  id: string;
  kind: BreakKindView;
  startsAt: string;
  endsAt: string;
  source: "member" | "operator";
  reopenRequestedAt: string | null;
}

export const BREAK_PATH = "/member/protection/break";
