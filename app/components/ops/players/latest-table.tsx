import type { ReactNode } from "react";

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
    <>
      <h3>{title}</h3>
      {total === 0 ? (
        <p className="empty-state" data-testid={`${testId}-none`}>
          {none}
        </p>
      ) : (
        <>
          <p className="muted">{count}</p>
          <div className="table-scroll">
            <table className="data-table" data-testid={testId}>
              <thead>
                <tr>{head}</tr>
              </thead>
              <tbody>{children}</tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}
