/**
 * Formats integer minor units (a bigint decimal string from SQL) as money:
 * 2 decimals, thousands separators, the brand's currency symbol (§9).
 */
export function formatMoney(
  minor: string | number | bigint,
  currency: { symbol: string; minorUnits: number },
  locale = "en",
): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const scale = 10n ** BigInt(currency.minorUnits);
  const whole = new Intl.NumberFormat(locale, { useGrouping: true }).format(absolute / scale);
  const fraction = currency.minorUnits ? (absolute % scale).toString().padStart(currency.minorUnits, "0") : "";
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.1).find((part) => part.type === "decimal")?.value ?? ".";
  return `${negative ? "-" : ""}${currency.symbol} ${whole}${fraction ? decimal + fraction : ""}`;
}
