/** How the slot's language-neutral symbol codes look on the reels; their names come from demoGame.symbols.<code>. */
export const SYMBOL_GLYPHS: Record<string, string> = {
  W: "★",
  "7": "7",
  BAR: "BAR",
  D: "◆",
  H: "♥",
  C: "♣",
  S: "♠",
};

export const glyphOf = (symbol: string) => SYMBOL_GLYPHS[symbol] ?? symbol;
