const MAX_PAGE = 100_000;

/**
 * Search-parameter page numbers: anything that is not a positive integer is
 * page 1; a huge one is capped (the lists then clamp it to their last page).
 */
export function pageParam(value: string | null): number {
  const page = Number(value);
  if (!Number.isInteger(page) || page < 1) return 1;
  return Math.min(page, MAX_PAGE);
}

export type PagerItem = { kind: "page"; page: number } | { kind: "gap"; key: string };

/**
 * The pager: a range of 5 pages around the current one, with 1 margin
 * page at each end and gaps between (e.g. 1 … 4 5 6 7 8 … 20).
 */
export function pagerItems(current: number, total: number, range = 5, margin = 1): PagerItem[] {
  if (total <= range + 2 * margin) {
    return Array.from({ length: total }, (_, index) => ({ kind: "page", page: index + 1 }));
  }
  const half = Math.floor(range / 2);
  let start = Math.max(margin + 1, current - half);
  const end = Math.min(total - margin, start + range - 1);
  start = Math.max(margin + 1, end - range + 1);
  const items: PagerItem[] = [];
  for (let page = 1; page <= margin; page++) items.push({ kind: "page", page });
  if (start > margin + 1) items.push({ kind: "gap", key: "start" });
  for (let page = start; page <= end; page++) items.push({ kind: "page", page });
  if (end < total - margin) items.push({ kind: "gap", key: "end" });
  for (let page = total - margin + 1; page <= total; page++) items.push({ kind: "page", page });
  return items;
}
