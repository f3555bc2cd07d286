// @vitest-environment jsdom
import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { WinnerBoard } from "~/components/lobby/winner-board";
import { GameGrid } from "~/components/play/game-grid";
import { renderToHtml, renderWithApp } from "../helpers/render";

/** A browser's IntersectionObserver, driven by the test: `arrive()` brings every observed element near. */
const observers: { callback: IntersectionObserverCallback; targets: Element[]; margin?: string }[] =
  [];
const arrive = () =>
  act(async () => {
    for (const observer of observers)
      observer.callback(
        observer.targets.map((target) => ({ target, isIntersecting: true })) as never,
        observer as never,
      );
  });

beforeEach(() => {
  observers.length = 0;
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, targets: [], margin: options?.rootMargin };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      disconnect() {
        this.entry.targets = [];
      }
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

const games = Array.from({ length: 12 }, (_, index) => ({
  nodeId: 100 + index,
  gameName: `Game ${index + 1}`,
  nodeName: "PG Studio",
  iconUrl: null,
  showIcon: false,
  vassalage: "PG",
}));
const grid = (deferTiles: boolean) => (
  <GameGrid
    games={games}
    pageNum={1}
    totalPages={2}
    pageHref={(page) => `/?rngPage=${page}`}
    returnTo="/"
    label="Slots"
    deferTiles={deferTiles}
  />
);

describe("a home lane's tiles (GameGrid deferTiles)", () => {
  test("the first HTML has every tile inside <noscript>, for a browser without JavaScript", () => {
    const html = renderToHtml(grid(true));
    const noscript = /<noscript>(.*)<\/noscript>/s.exec(html)?.[1] ?? "";
    expect(noscript.match(/data-testid="game-tile"/g)).toHaveLength(12);
    expect(noscript).toContain('href="/seamless?nodeId=100"');
    // The pager stays outside: it is a link either way.
    expect(html.slice(0, html.indexOf("<noscript>"))).toContain('href="/?rngPage=2"');
  });

  test("with JavaScript they are built when the grid comes near the screen", async () => {
    await renderWithApp(grid(true));
    await screen.findByTestId("page-status");
    expect(screen.queryAllByTestId("game-tile")).toHaveLength(0);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.margin).toBe("300px");
    await arrive();
    const list = screen.getByRole("list", { name: "Slots" });
    expect(within(list).getAllByTestId("game-tile")).toHaveLength(12);
  });

  test("a grid not deferred (a category's own page) has its tiles at once and observes nothing", async () => {
    await renderWithApp(grid(false));
    expect(await screen.findAllByTestId("game-tile")).toHaveLength(12);
    expect(observers).toHaveLength(0);
  });
});

describe("the winner board's scrolling rest", () => {
  const winners = Array.from({ length: 20 }, (_, index) => ({
    rank: index + 1,
    customerName: `pl***${index}`,
    winAmount: "1000",
    nodeId: 1000 + index,
    gameName: `Game ${index + 1}`,
  }));
  const board = (
    <WinnerBoard winners={winners} currency={{ symbol: "Rs", minorUnits: 2 }} locale="en" />
  );

  test("is in the first HTML inside <noscript>; the top 3 are outside it", () => {
    const html = renderToHtml(board);
    const [before, noscript = ""] = html.split("<noscript>");
    expect(noscript.match(/data-rank="/g)).toHaveLength(17);
    expect(before!.match(/data-rank="/g)).toHaveLength(3);
  });

  test("with JavaScript it is built when the board comes near the screen", async () => {
    await renderWithApp(board);
    expect(await screen.findByTestId("winner-board")).toBeInTheDocument();
    expect(screen.queryByTestId("winners-rest")).not.toBeInTheDocument();
    await arrive();
    expect(within(screen.getByTestId("winners-rest")).getAllByRole("listitem")).toHaveLength(17);
  });
});
