// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { AccountActions } from "~/components/ops/players/account-actions";
import { BetRound } from "~/components/ops/players/bet-round";
import { MessagesPanel } from "~/components/ops/players/messages-panel";
import { NotesPanel } from "~/components/ops/players/notes-panel";
import { PLAYER_TABS, PlayerTabs } from "~/components/ops/players/player-tabs";
import { TagBadges } from "~/components/ops/players/tag-badges";
import type { BrandTagView } from "~/components/ops/players/tag-label";
import { TagsPanel } from "~/components/ops/players/tags-panel";
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
      staffPermissions: [
        "players.view",
        "withdrawals.view",
        "adjustments.view",
        "promotions.view",
        "protection.view",
        "support.view",
        "agents.view",
      ],
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

  test("notes and tags: the forms show only with players.note; the list and tags to every reader", async () => {
    const brandTags: BrandTagView[] = [
      { code: "vip", labels: {} },
      { code: "high_risk", labels: {} },
      { code: "kyc_hold", labels: { en: "KYC hold" } },
    ];
    const tags = [
      { tag: "high_risk", addedAt: "2026-11-28T10:00:00.000Z", addedBy: "support01" },
      { tag: "kyc_hold", addedAt: "2026-11-28T10:00:00.000Z", addedBy: "support01" },
      { tag: "slow_payer", addedAt: "2026-11-28T10:00:00.000Z", addedBy: "support01" },
    ];
    const notes = [
      {
        id: "1",
        text: "Asked about the bonus.",
        at: "2026-11-28T10:00:00.000Z",
        staff: { id: "9", account: "support01", role: "support" },
      },
    ];
    const panels = (
      <>
        <TagBadges tags={tags} brandTags={brandTags} />
        <TagsPanel tags={tags} brandTags={brandTags} failed={null} timeZone="UTC" />
        <NotesPanel notes={notes} page={1} pageCount={1} failed={null} timeZone="UTC" />
      </>
    );
    const { unmount } = await renderWithApp(panels, {
      path: "/ops/players/7",
      staffPermissions: ["players.view"],
    });
    await screen.findByTestId("player-notes");
    expect(screen.getByTestId("player-note")).toHaveTextContent("Asked about the bonus.");
    expect(screen.getByTestId("player-note-by")).toHaveTextContent("support01 (support)");
    // Brand tags by their label (the label files', or the brand's own), staff's own as typed.
    expect(screen.getAllByTestId("ops-player-tag").map((badge) => badge.textContent)).toEqual([
      "High risk",
      "KYC hold",
      "slow_payer",
    ]);
    expect(screen.queryByTestId("player-note-form")).toBeNull();
    expect(screen.queryByTestId("player-tag-free-form")).toBeNull();
    expect(screen.queryByTestId("player-tag-remove")).toBeNull();
    unmount();

    await renderWithApp(panels, {
      path: "/ops/players/7",
      staffPermissions: ["players.view", "players.note"],
    });
    await screen.findByTestId("player-note-form");
    expect(screen.getAllByTestId("player-tag-remove")).toHaveLength(3);
    // Only the brand's tags the member does not hold yet are offered.
    const offered = [...screen.getByTestId("player-tag-brand-form").querySelectorAll("option")]
      .map((option) => option.value)
      .filter(Boolean);
    expect(offered).toEqual(["vip"]);
    expect(screen.getByTestId("player-tag-free-form")).toBeTruthy();
  });
});

describe("the messages tab", () => {
  const messages = {
    inbox: {
      rows: [
        {
          id: "3",
          kind: "withdrawal_paid",
          params: { amount: "12345" },
          createdAt: "2026-11-28T10:00:00.000Z",
          read: false,
        },
      ],
      total: 1,
    },
    support: [{ id: "5", status: "open", unread: 2, lastMessageAt: "2026-11-28T10:00:00.000Z" }],
    feedback: {
      rows: [
        {
          id: "8",
          questionType: "game",
          status: "answered",
          createdAt: "2026-11-28T10:00:00.000Z",
        },
      ],
      total: 1,
    },
  };
  const panel = (
    <MessagesPanel
      messages={messages}
      shown={25}
      currency={{ symbol: "Rs", minorUnits: 2 }}
      timeZone="UTC"
    />
  );

  test("messages worded as the member reads them; the conversation and feedback linked to their screens", async () => {
    await renderWithApp(panel, {
      path: "/ops/players/7",
      staffPermissions: ["players.view", "support.view", "feedback.view"],
    });
    await screen.findByTestId("ops-player-inbox");
    expect(screen.getByTestId("ops-player-message")).toHaveTextContent("123.45");
    expect(screen.getByTestId("ops-player-message")).toHaveTextContent("Not read yet");
    expect(screen.getByRole("link", { name: "Conversation #5" })).toHaveAttribute(
      "href",
      "/ops/support/5",
    );
    expect(screen.getByRole("link", { name: "Feedback #8" })).toHaveAttribute(
      "href",
      "/ops/feedback/8",
    );
  });

  test("without feedback.view, no feedback section", async () => {
    await renderWithApp(panel, {
      path: "/ops/players/7",
      staffPermissions: ["players.view", "support.view"],
    });
    await screen.findByTestId("ops-player-inbox");
    expect(screen.queryByTestId("ops-player-feedback")).toBeNull();
    expect(screen.queryByText("Feedback #8")).toBeNull();
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
