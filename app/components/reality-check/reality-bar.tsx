import { RealityReminder } from "./reality-reminder";
import { SessionClock } from "./session-clock";
import type { RealityView } from "./types";

/** The session clock, and the reminder over the page while one is due. */
export function RealityBar({
  reality,
  returnTo,
}: {
  reality: RealityView | null;
  returnTo: string;
}) {
  if (!reality) return null;
  return (
    <>
      <SessionClock startedAt={reality.sessionStartedAt} renderedAt={reality.renderedAt} />
      {reality.due ? <RealityReminder reality={reality} returnTo={returnTo} /> : null}
    </>
  );
}
