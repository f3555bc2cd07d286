// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { WinnerBoard } from "~/components/lobby/winner-board";
import { renderWithApp } from "../helpers/render";

const winners = Array.from({ length: 20 }, (_, index) => ({
  rank: index + 1,
  customerName: `pl***${index}`,
  winAmount: String((20 - index) * 123_456_78),
  nodeId: 1000 + index,
  gameName: `Game ${index + 1}`,
}));
const currency = { symbol: "Rs", minorUnits: 2 };

describe("WinnerBoard", () => {
  test("the top 3 stand apart with rank icons; the rest scroll from rank 4", async () => {
    await renderWithApp(<WinnerBoard winners={winners} currency={currency} locale="en" />);
    const board = await screen.findByTestId("winner-board");
    expect(within(board).getAllByRole("img", { name: /Rank [123]/ })).toHaveLength(3);
    const rest = screen.getByTestId("winners-rest");
    expect(rest).toHaveAttribute("start", "4");
    expect(within(rest).getAllByRole("listitem")).toHaveLength(17);
    expect(within(rest).getAllByRole("listitem")[0]).toHaveAttribute("data-rank", "4");
  });

  test("amounts carry the currency symbol, thousands separators and two decimals", async () => {
    await renderWithApp(<WinnerBoard winners={winners} currency={currency} locale="en" />);
    expect(await screen.findByText("Rs 2,469,135.60")).toBeInTheDocument();
  });

  test("a click launches the row's game (the game popup route decides: login, real-account notice or the game)", async () => {
    await renderWithApp(
      <WinnerBoard winners={winners.slice(0, 2)} currency={currency} locale="en" />,
    );
    const links = await screen.findAllByRole("link");
    expect(links[0]).toHaveAttribute("href", "/seamless?nodeId=1000");
    expect(links[1]).toHaveAttribute("href", "/seamless?nodeId=1001");
    expect(screen.queryByTestId("winners-rest")).not.toBeInTheDocument();
  });

  test("renders nothing without winners", async () => {
    await renderWithApp(<WinnerBoard winners={[]} currency={currency} locale="en" />);
    expect(screen.queryByTestId("winner-board")).not.toBeInTheDocument();
  });
});
