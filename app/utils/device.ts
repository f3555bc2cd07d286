// Shared by design: the security centre's session list names devices with it, and its test reads it.
/**
 * A short readable name for the device behind a user agent: "Chrome · Windows",
 * "Safari · iPhone". Null when nothing is recognised (the page says "Unknown device").
 */
export function deviceName(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const ua = userAgent;
  const browser =
    (/Edg\//.test(ua) && "Edge") ||
    (/OPR\/|Opera/.test(ua) && "Opera") ||
    (/SamsungBrowser\//.test(ua) && "Samsung Internet") ||
    (/Firefox\/|FxiOS\//.test(ua) && "Firefox") ||
    (/Chrome\/|CriOS\/|Chromium\//.test(ua) && "Chrome") ||
    (/Safari\//.test(ua) && /Version\//.test(ua) && "Safari") ||
    null;
  const system =
    (/iPhone/.test(ua) && "iPhone") ||
    (/iPad/.test(ua) && "iPad") ||
    (/Android/.test(ua) && "Android") ||
    (/Windows/.test(ua) && "Windows") ||
    (/Mac OS X|Macintosh/.test(ua) && "macOS") ||
    (/CrOS/.test(ua) && "ChromeOS") ||
    (/Linux/.test(ua) && "Linux") ||
    null;
  if (!browser && !system) return null;
  return [browser, system].filter(Boolean).join(" · ");
}
