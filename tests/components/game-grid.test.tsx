// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { GameGrid } from "~/components/play/game-grid";
import { DEFAULT_GAME_ICON } from "~/components/ui/game-icon";
import { renderWithApp } from "../helpers/render";

const games = Array.from({ length: 12 }, (_, index) => ({
  nodeId: 100 + index,
  gameName: `Game ${index + 1}`,
  nodeName: "PG Studio",
  iconUrl: `/icons/${index}.svg`,
  showIcon: true,
  vassalage: "PG",
}));

describe("GameGrid", () => {
  test("renders every tile with its actions: launches through the game popup route, the heart leads a visitor to log in and come back", async () => {
    await renderWithApp(
      <GameGrid
        games={games}
        pageNum={1}
        totalPages={3}
        pageHref={(page) => `/?rngPage=${page}`}
        returnTo="/?tab=RNG"
        label="Slots"
      />,
    );
    const grid = await screen.findByRole("list", { name: "Slots" });
    const tiles = within(grid).getAllByTestId("game-tile");
    expect(tiles).toHaveLength(12);
    const first = within(tiles[0]!);
    expect(first.getByText("Game 1")).toBeInTheDocument();
    expect(first.getByRole("link", { name: "Play now: Game 1" })).toHaveAttribute(
      "href",
      "/seamless?nodeId=100",
    );
    expect(first.getByRole("link", { name: "Free trial: Game 1" })).toHaveAttribute(
      "href",
      "/seamless?nodeId=100&mode=demo",
    );
    expect(first.getByRole("link", { name: "Add Game 1 to favourites" })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2F%3Ftab%3DRNG",
    );
    // A visitor has no favourite form to post.
    expect(first.queryByRole("button", { name: /favourites/ })).not.toBeInTheDocument();
  });

  test("paging arrows: no previous on page 1, next points at page 2", async () => {
    await renderWithApp(
      <GameGrid
        games={games}
        pageNum={1}
        totalPages={3}
        pageHref={(page) => `/?rngPage=${page}`}
        returnTo="/"
        label="Slots"
      />,
    );
    expect(await screen.findByTestId("page-status")).toHaveTextContent("1 / 3");
    expect(screen.queryByRole("link", { name: "Previous" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Next" })).toHaveAttribute("href", "/?rngPage=2");
  });

  test("no arrows for a single page, an empty state for no games", async () => {
    const { unmount } = await renderWithApp(
      <GameGrid
        games={games.slice(0, 3)}
        pageNum={1}
        totalPages={1}
        pageHref={String}
        returnTo="/"
        label="Slots"
      />,
    );
    await screen.findAllByTestId("game-tile");
    expect(screen.queryByTestId("page-status")).not.toBeInTheDocument();
    unmount();
    await renderWithApp(
      <GameGrid
        games={[]}
        pageNum={1}
        totalPages={1}
        pageHref={String}
        returnTo="/"
        label="Slots"
      />,
    );
    expect(await screen.findByText("No games here yet.")).toBeInTheDocument();
  });

  test("a broken game icon falls back to the default icon", async () => {
    await renderWithApp(
      <GameGrid
        games={games.slice(0, 1)}
        pageNum={1}
        totalPages={1}
        pageHref={String}
        returnTo="/"
        label="Slots"
      />,
    );
    const tile = await screen.findByTestId("game-tile");
    const image = tile.querySelector("img")!;
    expect(image).toHaveAttribute("src", "/icons/0.svg");
    fireEvent.error(image);
    expect(image).toHaveAttribute("src", DEFAULT_GAME_ICON);
    expect(image).toHaveAttribute("data-fallback", "true");
  });

  test("a game without an icon shows the default icon from the start", async () => {
    await renderWithApp(
      <GameGrid
        games={[{ ...games[0]!, iconUrl: null }]}
        pageNum={1}
        totalPages={1}
        pageHref={String}
        returnTo="/"
        label="Slots"
      />,
    );
    const tile = await screen.findByTestId("game-tile");
    expect(tile.querySelector("img")).toHaveAttribute("src", DEFAULT_GAME_ICON);
  });
});
