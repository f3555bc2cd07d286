/**
 * A count beside a link or a row (unread messages, rewards to claim). People
 * see the bare number in a bubble; a screen reader reads `spoken` instead
 * ("3 unread"), since a number alone does not say what it counts. The words
 * are text, not an aria-label: a plain span has no role that a label could
 * name. The bubble keeps `testId`, so a test reads the number people see.
 */
export function CountBadge({
  count,
  spoken,
  testId,
}: {
  count: number;
  spoken: string;
  testId?: string;
}) {
  return (
    <>
      <span className="badge" aria-hidden="true" data-testid={testId}>
        {count}
      </span>
      <span className="visually-hidden"> {spoken}</span>
    </>
  );
}
