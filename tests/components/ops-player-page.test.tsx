// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { AccountActions } from "~/components/ops/players/account-actions";
import { PLAYER_TABS, PlayerTabs } from "~/components/ops/players/player-tabs";
import { renderWithApp } from "../helpers/render";

describe("the player page offers what the staff member's role allows", () => {
  test("a tab shows only to a role that reads its screen", async () => {
    await renderWithApp(<PlayerTabs memberId="7" current="profile" />, {
      path: "/ops/players/7",
      staffPermissions: ["players.view"],
    });
    await screen.findByTestId("ops-player-tab-profile");
    expect(screen.queryByTestId("ops-player-tab-payments")).toBeNull();
    expect(screen.getByTestId("ops-player-tab-ledger")).toHaveAttribute(
      "href",
      "/ops/players/7?tab=ledger",
    );
  });

  test("with every permission, every tab", async () => {
    await renderWithApp(<PlayerTabs memberId="7" current="ledger" />, {
      path: "/ops/players/7",
      staffPermissions: ["players.view", "withdrawals.view", "adjustments.view"],
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
