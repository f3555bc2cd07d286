/**
 * Artwork for the demo catalog's games and vendors, drawn from their id so a
 * fresh machine needs no image CDN. Real brands point icon URLs at their CDN.
 */
function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0;
  return value;
}

const SYMBOLS = ["♠", "♥", "♦", "♣", "★", "☀", "☾", "♛", "❖", "✦", "⚓", "♞"];

function escapeXml(text: string) {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function gameArtSvg(id: string): string {
  const h = hash(id);
  const hue = h % 360;
  const symbol = SYMBOLS[h % SYMBOLS.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 70% 45%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 75% 30%)"/></linearGradient></defs><rect width="160" height="160" rx="18" fill="url(#g)"/><circle cx="80" cy="72" r="44" fill="rgba(255,255,255,.16)"/><text x="80" y="92" font-size="56" text-anchor="middle" fill="#fff" font-family="serif">${symbol}</text></svg>`;
}

export function vendorArtSvg(code: string): string {
  const h = hash(code);
  const hue = h % 360;
  const label = escapeXml(code.replace(/^TCG_/, "").slice(0, 8));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 64" width="128" height="64"><rect width="128" height="64" rx="10" fill="hsl(${hue} 55% 32%)"/><text x="64" y="40" font-size="22" font-weight="700" text-anchor="middle" fill="#fff" font-family="sans-serif">${label}</text></svg>`;
}

export function svgResponse(svg: string) {
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
