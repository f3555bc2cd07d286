/**
 * Inline SVG icons: no icon font or emoji font needed, so they render the
 * same on every phone. Decorative unless given a label.
 */
const paths = {
  globe: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-3a15.6 15.6 0 0 0-1.4-4A8 8 0 0 1 18.9 8ZM12 4c.9 1.2 1.6 2.5 2 4h-4c.4-1.5 1.1-2.8 2-4ZM4.3 14a8 8 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h3a15.6 15.6 0 0 0 1.4 4 8 8 0 0 1-4.4-4Zm3-8h-3a8 8 0 0 1 4.4-4 15.6 15.6 0 0 0-1.4 4ZM12 20c-.9-1.2-1.6-2.5-2-4h4c-.4 1.5-1.1 2.8-2 4Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.2 6a15.6 15.6 0 0 0 1.4-4h3a8 8 0 0 1-4.4 4Zm1.8-6a16.5 16.5 0 0 0 0-4h3.4a8 8 0 0 1 0 4h-3.4Z",
  chat: "M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2Zm0 2v11.2L7.2 14H20V6H4Zm3 3h10v2H7V9Z",
  megaphone: "M3 10v4a1 1 0 0 0 1 1h2l4 4V5L6 9H4a1 1 0 0 0-1 1Zm9-4.5v13l8 3.5V2l-8 3.5Z",
  menu: "M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z",
  sun: "M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10ZM11 1h2v3h-2V1Zm0 19h2v3h-2v-3ZM1 11h3v2H1v-2Zm19 0h3v2h-3v-2ZM4.2 5.6l1.4-1.4 2.1 2.1-1.4 1.4-2.1-2.1Zm12.1 12.1 1.4-1.4 2.1 2.1-1.4 1.4-2.1-2.1ZM18.4 4.2l1.4 1.4-2.1 2.1-1.4-1.4 2.1-2.1ZM6.3 16.3l1.4 1.4-2.1 2.1-1.4-1.4 2.1-2.1Z",
  moon: "M12.3 2a9 9 0 1 0 9.7 11.3A7.5 7.5 0 0 1 12.3 2Z",
  heart: "M12 21s-7.5-4.6-9.6-9.2C1 8.6 3 5 6.6 5c2.2 0 3.6 1.3 5.4 3.3C13.8 6.3 15.2 5 17.4 5 21 5 23 8.6 21.6 11.8 19.5 16.4 12 21 12 21Zm0-2.4c2.5-1.7 6.4-4.8 7.8-7.6.8-1.9-.3-4-2.4-4-1.4 0-2.4 1-4.1 2.9L12 11l-1.3-1.1C9 8 8 7 6.6 7c-2.1 0-3.2 2.1-2.4 4 1.4 2.8 5.3 5.9 7.8 7.6Z",
  anchor: "M12 2a3 3 0 0 1 1 5.8V9h3v2h-3v8.9c3-.4 5.4-2.6 5.9-5.5L17 16l1-5 4 3-1.9.8C19.3 19 16 22 12 22s-7.3-3-8.1-7.2L2 14l4-3 1 5-1.9-1.6c.5 2.9 2.9 5.1 5.9 5.5V11H8V9h3V7.8A3 3 0 0 1 12 2Zm0 2a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z",
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 20, label }: { name: IconName; size?: number; label?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="currentColor"
      className="icon"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
}

const MEDAL_COLOURS = ["#f5b301", "#b0bec5", "#cd7f32"];

/** The rank icons of the winner board's top 3. */
export function RankMedal({ rank, label }: { rank: 1 | 2 | 3; label: string }) {
  return (
    <svg viewBox="0 0 24 24" width={26} height={26} role="img" aria-label={label} className="rank-icon">
      <path d="M7 2h4l2 5-3 1L7 2Zm10 0h-4l-2 5 3 1 3-6Z" fill="#c62828" />
      <circle cx="12" cy="15" r="7" fill={MEDAL_COLOURS[rank - 1]} />
      <text x="12" y="19" fontSize="10" fontWeight="700" textAnchor="middle" fill="#3e2723">
        {rank}
      </text>
    </svg>
  );
}
