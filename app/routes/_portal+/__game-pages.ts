/** These paths are treated as game pages, and the side menu is hidden on them. */
const GAME_PAGES = ["/lott", "/lottert", "/vnlottery", "/sealottery", "/seamless"];

export function isGamePage(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, "");
  return GAME_PAGES.some((page) => path === page || path.startsWith(`${page}/`));
}
