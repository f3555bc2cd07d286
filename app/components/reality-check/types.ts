/** What a gambling page's loader hands the session clock and the reminder (JSON-safe). */
export interface RealityView {
  /** ISO time the login session began: the clock counts from it. */
  sessionStartedAt: string;
  /** ISO time the page was rendered: without JavaScript the clock shows this moment. */
  renderedAt: string;
  due: boolean;
  intervalMinutes: number;
  /** Payouts less stakes since the session began, formatted. */
  net: string;
  /** The member is behind over this session. */
  losing: boolean;
}
