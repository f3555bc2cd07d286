/**
 * The picture of an item: a drawn icon (the operator picks one of
 * GOODS_ICONS), so the mall needs no uploaded images. Decorative: the name
 * is beside it.
 */
const PATHS: Record<string, string> = {
  gift: "M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0",
  phone: "M8 3h8v18H8zM11 18h2",
  watch: "M8 3h8l1 5v8l-1 5H8l-1-5V8zM12 9v3l2 2",
  cash: "M3 7h18v10H3zM12 12m-2 0a2 2 0 1 0 4 0a2 2 0 1 0-4 0",
  voucher: "M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM10 7v10",
  ticket: "M4 6h16v4a2 2 0 0 0 0 4v4H4v-4a2 2 0 0 0 0-4zM9 9h6M9 15h6",
};

export function GoodsIcon({ icon, size = 48 }: { icon: string; size?: number }) {
  return (
    <svg
      className={`goods-icon goods-icon-${icon}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[icon] ?? PATHS.gift} />
    </svg>
  );
}
