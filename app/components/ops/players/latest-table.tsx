import type { ReactNode } from "react";
import { PanelTable } from "./panel-table";

/**
 * A list of the latest few of something on the player page: its heading, then
 * either its empty state or how many there are in all and the table.
 */
export function LatestTable({
  title,
  total,
  count,
  none,
  testId,
  head,
  children,
}: {
  title: string;
  total: number;
  /** "N in all; the latest M below." */
  count: string;
  none: string;
  testId: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <PanelTable
      title={title}
      rows={total}
      none={none}
      testId={testId}
      above={<p className="muted">{count}</p>}
      head={head}
    >
      {children}
    </PanelTable>
  );
}
