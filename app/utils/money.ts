/**
 * Formats integer minor units (a bigint decimal string from SQL) as money:
 * 2 decimals, thousands separators, the brand's currency symbol (§9).
 */
const formatters = new Map<string, { whole: Intl.NumberFormat; decimal: string }>();

function formatterFor(locale: string) {
  let formatter = formatters.get(locale);
  if (!formatter) {
    const whole = new Intl.NumberFormat(locale, { useGrouping: true });
    const decimal = new Intl.NumberFormat(locale).formatToParts(1.1).find((part) => part.type === "decimal")?.value ?? ".";
    formatters.set(locale, (formatter = { whole, decimal }));
  }
  return formatter;
}

export function formatMoney(
  minor: string | number | bigint,
  currency: { symbol: string; minorUnits: number },
  locale = "en",
): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const scale = 10n ** BigInt(currency.minorUnits);
  const { whole: wholeFormat, decimal } = formatterFor(locale);
  const whole = wholeFormat.format(absolute / scale);
  const fraction = currency.minorUnits ? (absolute % scale).toString().padStart(currency.minorUnits, "0") : "";
  return `${negative ? "-" : ""}${currency.symbol} ${whole}${fraction ? decimal + fraction : ""}`;
}
