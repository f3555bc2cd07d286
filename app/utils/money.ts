/**
 * Formats integer minor units (a bigint decimal string from SQL) as money:
 * 2 decimals, thousands separators, the brand's currency symbol.
 */
const formatters = new Map<string, { whole: Intl.NumberFormat; decimal: string }>();

function formatterFor(locale: string) {
  let formatter = formatters.get(locale);
  if (!formatter) {
    const whole = new Intl.NumberFormat(locale, { useGrouping: true });
    const decimal =
      new Intl.NumberFormat(locale).formatToParts(1.1).find((part) => part.type === "decimal")
        ?.value ?? ".";
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
  const fraction = currency.minorUnits
    ? (absolute % scale).toString().padStart(currency.minorUnits, "0")
    : "";
  return `${negative ? "-" : ""}${currency.symbol} ${whole}${fraction ? decimal + fraction : ""}`;
}

/**
 * Reads an amount typed by a member ("1,250.5", "1250.50") as integer minor
 * units, without floating point. Null for anything else (signs, exponents,
 * more decimals than the currency has).
 */
export function parseMoneyInput(text: string, minorUnits: number): bigint | null {
  const cleaned = text.trim().replace(/[,\s]/g, "");
  const pattern =
    minorUnits > 0 ? new RegExp(`^(\\d{1,13})(?:\\.(\\d{0,${minorUnits}}))?$`) : /^(\d{1,13})$/;
  const match = pattern.exec(cleaned);
  if (!match) return null;
  const fraction = (match[2] ?? "").padEnd(minorUnits, "0");
  return BigInt(match[1]!) * 10n ** BigInt(minorUnits) + BigInt(fraction || "0");
}

/** Minor units as the plain decimal an amount input shows ("1250.50"), no symbol or separators. */
export function minorToInput(minor: string | bigint, minorUnits: number): string {
  const value = BigInt(minor);
  if (minorUnits === 0) return value.toString();
  const scale = 10n ** BigInt(minorUnits);
  return `${value / scale}.${(value % scale).toString().padStart(minorUnits, "0")}`;
}
