/** Whole points with the reader's thousands separators. */
export const formatPoints = (points: string | number | bigint, language: string) =>
  new Intl.NumberFormat(language).format(BigInt(points));
