import type { MouseEvent, ReactNode } from "react";

export interface CustomerServiceEntry {
  csType: string;
  label: string;
  path: string;
}

/** Customer service opens in a 440 × 750 window; without JavaScript, a new tab. */
export function CustomerServiceLink({
  entry,
  className,
  children,
}: {
  entry: CustomerServiceEntry;
  className?: string;
  children: ReactNode;
}) {
  const openWindow = (event: MouseEvent<HTMLAnchorElement>) => {
    const opened = window.open(entry.path, "customer-service", "width=440,height=750");
    if (!opened) return; // blocked: the link's own new tab takes over
    opened.opener = null;
    event.preventDefault();
  };
  return (
    <a
      href={entry.path}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
      onClick={openWindow}
    >
      {children}
    </a>
  );
}
