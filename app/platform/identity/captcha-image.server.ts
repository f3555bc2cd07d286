import { randomInt } from "node:crypto";
import { encodePng } from "../images/png.server";

// Drawn into a pixel buffer and encoded by our own small PNG encoder rather
// than with an image library: the login only needs a small base64 PNG, and
// this keeps the server free of native or canvas dependencies. Grayscale is
// enough, so each pixel is a single byte.

// No 0/O or 1/I: players should never have to guess which one was meant.
export const CAPTCHA_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

const WIDTH = 150;
const HEIGHT = 50;
const SCALE = 3;
const GLYPH_W = 5;
const GLYPH_H = 7;
const MAX_LENGTH = 6; // beyond this, jittered glyphs run into each other in 150 px
const INK = 30;
const PAPER = 235;

// 5×7 glyphs, rows top to bottom. Built in so the renderer needs no font files.
const GLYPHS: Record<string, string> = {
  "2": ".###. #...# ....# ...#. ..#.. .#... #####",
  "3": "##### ...#. ..#.. ...#. ....# #...# .###.",
  "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
  "5": "##### #.... ####. ....# ....# #...# .###.",
  "6": "..##. .#... #.... ####. #...# #...# .###.",
  "7": "##### ....# ...#. ..#.. .#... .#... .#...",
  "8": ".###. #...# #...# .###. #...# #...# .###.",
  "9": ".###. #...# #...# .#### ....# ...#. .##..",
  A: ".###. #...# #...# ##### #...# #...# #...#",
  B: "####. #...# #...# ####. #...# #...# ####.",
  C: ".###. #...# #.... #.... #.... #...# .###.",
  D: "####. #...# #...# #...# #...# #...# ####.",
  E: "##### #.... #.... ####. #.... #.... #####",
  F: "##### #.... #.... ####. #.... #.... #....",
  G: ".###. #...# #.... #.### #...# #...# .####",
  H: "#...# #...# #...# ##### #...# #...# #...#",
  J: "..### ...#. ...#. ...#. ...#. #..#. .##..",
  K: "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
  L: "#.... #.... #.... #.... #.... #.... #####",
  M: "#...# ##.## #.#.# #.#.# #...# #...# #...#",
  N: "#...# #...# ##..# #.#.# #..## #...# #...#",
  P: "####. #...# #...# ####. #.... #.... #....",
  Q: ".###. #...# #...# #...# #.#.# #..#. .##.#",
  R: "####. #...# #...# ####. #.#.. #..#. #...#",
  S: ".#### #.... #.... .###. ....# ....# ####.",
  T: "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
  U: "#...# #...# #...# #...# #...# #...# .###.",
  V: "#...# #...# #...# #...# #...# .#.#. ..#..",
  W: "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
  X: "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
  Y: "#...# #...# .#.#. ..#.. ..#.. ..#.. ..#..",
  Z: "##### ....# ...#. ..#.. .#... #.... #####",
};

export function randomCaptchaText(length = 5): string {
  let text = "";
  for (let i = 0; i < length; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

// Noise and jitter only need to defeat naive OCR, not an adversary, so
// Math.random is fine here; the secret itself comes from randomCaptchaText.
const between = (min: number, max: number) => min + Math.random() * (max - min);

export function renderCaptchaPng(text: string): Buffer {
  const chars = [...text.toUpperCase()];
  if (chars.length === 0 || chars.length > MAX_LENGTH) {
    throw new RangeError(`captcha text must be 1-${MAX_LENGTH} characters, got ${chars.length}`);
  }
  const glyphs = chars.map((ch) => {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new Error(`captcha font has no glyph for ${JSON.stringify(ch)}`);
    return glyph.split(" ");
  });

  const pixels = Buffer.alloc(WIDTH * HEIGHT, PAPER);
  const plot = (x: number, y: number, value: number) => {
    if (x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT) pixels[y * WIDTH + x] = value;
  };

  // Lines go under the text so they cut across strokes without hiding them.
  for (let i = 0; i < 4; i++) {
    drawLine(
      plot,
      between(0, 20),
      between(0, HEIGHT),
      between(WIDTH - 20, WIDTH),
      between(0, HEIGHT),
      Math.round(between(90, 160)),
    );
  }

  const cell = (WIDTH - 20) / glyphs.length;
  const glyphPxW = GLYPH_W * SCALE;
  const glyphPxH = GLYPH_H * SCALE;
  glyphs.forEach((rows, i) => {
    const slack = (cell - glyphPxW) / 2;
    const left = 10 + i * cell + slack + between(-slack / 2, slack / 2);
    const top = (HEIGHT - glyphPxH) / 2 + between(-7, 7);
    const shear = between(-0.25, 0.25);
    const inked = (r: number, c: number) => rows[r]?.[c] === "#";
    const centre = (r: number, c: number): [number, number] => {
      const y = r * SCALE + 1;
      return [left + c * SCALE + 1 + shear * (y - glyphPxH / 2), top + y];
    };
    const stroke = (r0: number, c0: number, r1: number, c1: number) =>
      drawLine(plot, ...centre(r0, c0), ...centre(r1, c1), INK, SCALE);
    // Strokes join the dot centres instead of stamping blocks: scaled-up
    // blocks only touch at the corners on diagonals, which broke up K, M, N,
    // V and W. A diagonal is drawn only where no orthogonal path joins the
    // two dots already, so corners stay crisp.
    for (let r = 0; r < GLYPH_H; r++) {
      for (let c = 0; c < GLYPH_W; c++) {
        if (!inked(r, c)) continue;
        stroke(r, c, r, c);
        if (inked(r, c + 1)) stroke(r, c, r, c + 1);
        if (inked(r + 1, c)) stroke(r, c, r + 1, c);
        if (inked(r + 1, c + 1) && !inked(r, c + 1) && !inked(r + 1, c)) stroke(r, c, r + 1, c + 1);
        if (inked(r + 1, c - 1) && !inked(r, c - 1) && !inked(r + 1, c)) stroke(r, c, r + 1, c - 1);
      }
    }
  });

  // Speckles on top break up the clean edges that OCR relies on.
  for (let i = 0; i < 220; i++) {
    plot(
      Math.floor(between(0, WIDTH)),
      Math.floor(between(0, HEIGHT)),
      Math.round(between(60, 200)),
    );
  }

  return encodePng({ width: WIDTH, height: HEIGHT, channels: 1, pixels });
}

export function captchaDataUrl(png: Buffer): string {
  return `data:image/png;base64,${png.toString("base64")}`;
}

function drawLine(
  plot: (x: number, y: number, value: number) => void,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  value: number,
  brush = 1,
) {
  const steps = Math.max(1, Math.ceil(Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0))));
  const reach = Math.floor(brush / 2);
  for (let s = 0; s <= steps; s++) {
    const x = Math.round(x0 + ((x1 - x0) * s) / steps);
    const y = Math.round(y0 + ((y1 - y0) * s) / steps);
    for (let dy = -reach; dy <= reach; dy++) {
      for (let dx = -reach; dx <= reach; dx++) plot(x + dx, y + dy, value);
    }
  }
}
