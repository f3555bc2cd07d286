// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { AccountActions } from "~/components/ops/players/account-actions";
import { BetRound } from "~/components/ops/players/bet-round";
import { PLAYER_TABS, PlayerTabs } from "~/components/ops/players/player-tabs";
import { renderToHtml, renderWithApp } from "../helpers/render";
import { quietServerRenderWarnings } from "../helpers/routes";

describe("the player page offers what the staff member's role allows", () => {
  test("a tab shows only to a role that reads its screen", async () => {
    await renderWithApp(<PlayerTabs memberId="7" current="profile" />, {
      path: "/ops/players/7",
      staffPermissions: ["players.view"],
    });
    await screen.findByTestId("ops-player-tab-profile");
    expect(screen.queryByTestId("ops-player-tab-payments")).toBeNull();
    expect(screen.queryByTestId("ops-player-tab-bonuses")).toBeNull();
    expect(screen.getByTestId("ops-player-tab-bets")).toHaveAttribute(
      "href",
      "/ops/players/7?tab=bets",
    );
    expect(screen.getByTestId("ops-player-tab-ledger")).toHaveAttribute(
      "href",
      "/ops/players/7?tab=ledger",
    );
  });

  test("with every permission, every tab", async () => {
    await renderWithApp(<PlayerTabs memberId="7" current="ledger" />, {
      path: "/ops/players/7",
      staffPermissions: ["players.view", "withdrawals.view", "adjustments.view", "promotions.view"],
    });
    await screen.findByTestId("ops-player-tab-profile");
    for (const tab of PLAYER_TABS) expect(screen.getByTestId(`ops-player-tab-${tab}`)).toBeTruthy();
    expect(screen.getByTestId("ops-player-tab-ledger")).toHaveAttribute("aria-current", "page");
  });

  test("each account action shows only with its own permission", async () => {
    await renderWithApp(<AccountActions status="active" />, {
      path: "/ops/players/7",
      staffPermissions: ["players.view", "players.sign_out"],
    });
    await screen.findByTestId("player-sign-out");
    expect(screen.queryByTestId("player-suspend-form")).toBeNull();
    expect(screen.queryByTestId("player-reset-password")).toBeNull();
  });

  test("without any, no actions section at all", async () => {
    const { container } = await renderWithApp(
      <>
        <p data-testid="page">page</p>
        <AccountActions status="suspended" />
      </>,
      { path: "/ops/players/7", staffPermissions: ["players.view"] },
    );
    await screen.findByTestId("page");
    expect(container.querySelector("[data-testid=player-actions]")).toBeNull();
  });
});

describe("a bet's round on the player page", () => {
  quietServerRenderWarnings();
  const currency = { symbol: "Rs", minorUnits: 2 };
  const round = (props: Partial<Parameters<typeof BetRound>[0]>) =>
    renderToHtml(
      <BetRound
        roundId="demo-41"
        settledAt="2026-11-27T10:00:05.000Z"
        detail={null}
        gameRound={null}
        currency={currency}
        timeZone="Asia/Karachi"
        {...props}
      />,
    );

  test("the demo provider's game round, folded under the round id so it opens without JavaScript", () => {
    const html = round({
      detail: { gameRoundId: "41" },
      gameRound: {
        id: "41",
        roundKey: "k3yOfTheSpinForm01",
        engine: "roulette",
        seedId: "9",
        nonce: 12,
        stake: "500",
        payout: "1000",
        summary: "17 B",
        outcome: { engine: "roulette", pocket: 17, summary: "17 B" },
        playedAt: "2026-11-27T10:00:00.000Z",
      },
    });
    expect(html).toMatch(/^<details[^>]*><summary dir="ltr">demo-41<\/summary>/);
    expect(html).toContain("k3yOfTheSpinForm01");
    expect(html).toContain("seed 9, nonce 12");
    expect(html).toContain("17 B");
    expect(html).toContain("&quot;pocket&quot;: 17");
    // The outcome is shown once: the provider's copy of it in the bet is not repeated.
    expect(html).not.toContain("gameRoundId");
  });

  test("another provider's detail as it sent it, or that it sent none", () => {
    expect(round({ detail: { drawNo: 2411270042, selection: "7" } })).toContain(
      "&quot;drawNo&quot;: 2411270042",
    );
    expect(round({})).toContain("The game provider sent no details of this round.");
  });
});
