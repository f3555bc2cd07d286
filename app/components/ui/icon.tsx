/**
 * Icons from one SVG sprite (public/icons.svg), cached once by the browser:
 * no icon or emoji font needed, the same on every phone, and no path data
 * repeated in each page or shipped in the JavaScript. Decorative unless labelled.
 */
export type IconName = "globe" | "chat" | "megaphone" | "menu" | "sun" | "moon" | "anchor";

export function Icon({
  name,
  size = 20,
  label,
}: {
  name: IconName;
  size?: number;
  label?: string;
}) {
  return (
    <svg
      width={size}
      height={size}
      className="icon"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}

const MEDAL_COLOURS = ["#f5b301", "#b0bec5", "#cd7f32"];

/** The rank icons of the winner board's top 3. */
export function RankMedal({ rank, label }: { rank: 1 | 2 | 3; label: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={26}
      height={26}
      role="img"
      aria-label={label}
      className="rank-icon"
    >
      <path d="M7 2h4l2 5-3 1L7 2Zm10 0h-4l-2 5 3 1 3-6Z" fill="#c62828" />
      <circle cx="12" cy="15" r="7" fill={MEDAL_COLOURS[rank - 1]} />
      <text x="12" y="19" fontSize="10" fontWeight="700" textAnchor="middle" fill="#3e2723">
        {rank}
      </text>
    </svg>
  );
}
