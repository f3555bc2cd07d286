import type { ReactNode } from "react";

/**
 * One list of a player page tab: its heading, then either its empty state or
 * what is said above the table (a count, a note) and the table itself.
 */
export function PanelTable({
  title,
  rows,
  none,
  testId,
  above,
  head,
  children,
}: {
  title: string;
  /** How many there are: none, and only the empty state shows. */
  rows: number;
  none: string;
  testId: string;
  above?: ReactNode;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <h3>{title}</h3>
      {rows === 0 ? (
        <p className="empty-state" data-testid={`${testId}-none`}>
          {none}
        </p>
      ) : (
        <>
          {above}
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
