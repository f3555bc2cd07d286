import { encodePng } from "~/platform/images/png.server";

/**
 * Artwork for the demo catalog's games and vendors, drawn from their id so a
 * fresh machine needs no image CDN. Real brands point icon URLs at their CDN.
 */
function hash(text: string): number {
  let value = 2166136261;
  for (const char of text) value = Math.imul(value ^ char.charCodeAt(0), 16777619) >>> 0;
  return value;
}

function escapeXml(text: string) {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function hsl(hue: number, saturation: number, lightness: number): [number, number, number] {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const sector = (hue % 360) / 60;
  const second = chroma * (1 - Math.abs((sector % 2) - 1));
  const [r, g, b] =
    sector < 1
      ? [chroma, second, 0]
      : sector < 2
        ? [second, chroma, 0]
        : sector < 3
          ? [0, chroma, second]
          : sector < 4
            ? [0, second, chroma]
            : sector < 5
              ? [second, 0, chroma]
              : [chroma, 0, second];
  const m = lightness - chroma / 2;
  return [(r + m) * 255, (g + m) * 255, (b + m) * 255];
}

type Point = readonly [number, number];

/** Corners of a star (inner > 0) or a regular polygon (inner 0) around the emblem's centre. */
function emblem(points: number, outer: number, inner: number, turn: number): Point[] {
  const corners: Point[] = [];
  const steps = inner ? points * 2 : points;
  for (let index = 0; index < steps; index++) {
    const radius = inner && index % 2 ? inner : outer;
    const angle = turn + (index * Math.PI * 2) / steps - Math.PI / 2;
    corners.push([80 + radius * Math.cos(angle), 72 + radius * Math.sin(angle)]);
  }
  return corners;
}

/** The emblems a game's tile may carry, picked by its id as the colours are. */
const EMBLEMS: Point[][] = [
  emblem(5, 34, 14, 0),
  emblem(4, 34, 0, 0),
  emblem(3, 34, 0, 0),
  emblem(6, 30, 0, 0),
  emblem(6, 34, 18, 0),
  emblem(8, 34, 16, 0),
  emblem(4, 34, 10, Math.PI / 4),
  emblem(12, 32, 24, 0),
];

function inside(polygon: Point[], x: number, y: number): boolean {
  let within = false;
  for (let index = 0, previous = polygon.length - 1; index < polygon.length; previous = index++) {
    const [xi, yi] = polygon[index]!;
    const [xj, yj] = polygon[previous]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) within = !within;
  }
  return within;
}

const SIZE = 160;
const CORNER = 18;
/** Two by two samples a pixel, so the edges are smooth. */
const SAMPLES: Point[] = [
  [0.25, 0.25],
  [0.75, 0.25],
  [0.25, 0.75],
  [0.75, 0.75],
];

function inRoundedSquare(x: number, y: number): boolean {
  const dx = Math.max(CORNER - x, x - (SIZE - CORNER), 0);
  const dy = Math.max(CORNER - y, y - (SIZE - CORNER), 0);
  return dx * dx + dy * dy <= CORNER * CORNER;
}

function drawGameArt(id: string): Buffer {
  const h = hash(id);
  const hue = h % 360;
  const from = hsl(hue, 0.7, 0.45);
  const to = hsl(hue + 60, 0.75, 0.3);
  const shape = EMBLEMS[h % EMBLEMS.length]!;
  const pixels = Buffer.alloc(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      let tile = 0;
      let disc = 0;
      let mark = 0;
      for (const [sx, sy] of SAMPLES) {
        const px = x + sx;
        const py = y + sy;
        if (!inRoundedSquare(px, py)) continue;
        tile++;
        const fromCentre = (px - 80) ** 2 + (py - 72) ** 2;
        if (fromCentre > 44 * 44) continue;
        disc++;
        // Every emblem lies within 34 px of the centre.
        if (fromCentre <= 34 * 34 && inside(shape, px, py)) mark++;
      }
      if (!tile) continue; // outside the rounded corners: transparent
      const along = (x + y) / (2 * SIZE);
      // The gradient, a faint light disc, then the white emblem on top.
      const lighten = (disc / tile) * 0.16;
      const white = mark / tile;
      const at = (y * SIZE + x) * 4;
      for (const channel of [0, 1, 2] as const) {
        const base = from[channel] * (1 - along) + to[channel] * along;
        const lit = base + (255 - base) * lighten;
        pixels[at + channel] = Math.round(lit + (255 - lit) * white);
      }
      pixels[at + 3] = Math.round((tile / SAMPLES.length) * 255);
    }
  }
  return encodePng({ width: SIZE, height: SIZE, channels: 4, pixels });
}

/** Drawn tiles kept, so a page of games costs the server a map look-up; ~3 KB each. */
const MAX_KEPT = 2_048;
const drawn = new Map<string, Buffer>();

/**
 * A game's tile art as a PNG: a gradient, a light disc and an emblem, from
 * its id. Raster, as a brand's image CDN serves its artwork: a browser turns
 * each SVG image into a document of its own, which made the demo lobby's
 * tiles cost a page more than the rest of it.
 */
export function gameArtPng(id: string): Buffer {
  let png = drawn.get(id);
  if (!png) {
    png = drawGameArt(id);
    if (drawn.size >= MAX_KEPT) drawn.delete(drawn.keys().next().value!);
    drawn.set(id, png);
  }
  return png;
}

export function vendorArtSvg(code: string): string {
  const h = hash(code);
  const hue = h % 360;
  const label = escapeXml(code.replace(/^TCG_/, "").slice(0, 8));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 64" width="128" height="64"><rect width="128" height="64" rx="10" fill="hsl(${hue} 55% 32%)"/><text x="64" y="40" font-size="22" font-weight="700" text-anchor="middle" fill="#fff" font-family="sans-serif">${label}</text></svg>`;
}

const CACHED_FOR_A_YEAR = "public, max-age=31536000, immutable";

export function pngResponse(png: Buffer) {
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Cache-Control": CACHED_FOR_A_YEAR,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export function svgResponse(svg: string) {
  return new Response(svg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": CACHED_FOR_A_YEAR,
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
