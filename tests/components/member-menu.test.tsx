// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { LogoutDialog } from "~/components/identity/logout-dialog";
import { NeedRealAccountDialog } from "~/components/identity/need-real-account-dialog";
import { Header } from "~/components/layout/header";
import { MemberMenu, type MemberSummary } from "~/components/layout/member-menu";
import { SideMenu } from "~/components/layout/side-menu";
import { renderWithApp } from "../helpers/render";

const currency = { symbol: "Rs", minorUnits: 2 };
const member: MemberSummary = {
  id: "1001",
  account: "player01",
  nickname: "Lucky Player",
  isAgent: false,
  isTrial: false,
  hasVip: false,
  vipRankLevel: 0,
  balance: "123456",
  wallets: [{ vassalage: "SBO", displayName: "SBO Sports", balance: "250000" }],
  unclaimed: 0,
};
const customerService = { csType: "LIVECHAT", label: "Live chat", path: "https://cs.example/chat" };

function renderMenu(
  viewer: Partial<MemberSummary> = {},
  options: { hideBalance?: boolean; language?: "en" | "ur" } = {},
) {
  return renderWithApp(
    <MemberMenu
      viewer={{ ...member, ...viewer }}
      currency={currency}
      locale={options.language ?? "en"}
      hideBalance={options.hideBalance ?? false}
      customerService={customerService}
      logoutHref="/rng?page=2&modal=logout"
    />,
    { path: "/rng?page=2", language: options.language },
  );
}

describe("MemberMenu", () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, "clipboard");
  });

  test("the balance has the currency symbol, thousands separators and two decimals", async () => {
    await renderMenu();
    expect(await screen.findByTestId("member-balance")).toHaveTextContent("Rs 1,234.56");
    expect(screen.getByRole("button", { name: "Hide balance" })).toHaveAttribute("value", "true");
  });

  test("a hidden balance shows asterisks and offers to show it again", async () => {
    await renderMenu({}, { hideBalance: true });
    const balance = await screen.findByTestId("member-balance");
    expect(balance).toHaveTextContent("****");
    expect(balance).not.toHaveTextContent("1,234");
    const show = screen.getByRole("button", { name: "Show balance" });
    expect(show).toHaveAttribute("value", "false");
    // A plain form post, so it works without JavaScript, returning to this page.
    const form = show.closest("form")!;
    expect(form).toHaveAttribute("action", "/resources/prefs");
    expect(within(form).getByDisplayValue("/rng?page=2")).toHaveAttribute("name", "redirectTo");
  });

  test("the vendor wallets' balances, hidden with the main balance; none in single-wallet mode", async () => {
    await renderMenu();
    expect(await screen.findByTestId("vendor-balance-SBO")).toHaveTextContent("Rs 2,500.00");
    expect(
      within(screen.getByTestId("vendor-wallets")).getByText("SBO Sports"),
    ).toBeInTheDocument();
    expect(
      within(screen.getByTestId("vendor-wallets")).getByRole("link", { name: "Transfer funds" }),
    ).toHaveAttribute("href", "/member/transfer");
  });

  test("vendor balances hide with the main balance", async () => {
    await renderMenu({}, { hideBalance: true });
    expect(await screen.findByTestId("vendor-balance-SBO")).toHaveTextContent("****");
  });

  test("single-wallet mode lists no vendor wallets", async () => {
    await renderMenu({ wallets: [] });
    await screen.findByTestId("member-balance");
    expect(screen.queryByTestId("vendor-wallets")).toBeNull();
  });

  test("refresh is a link to the current page", async () => {
    await renderMenu();
    expect(await screen.findByRole("link", { name: "Refresh balance" })).toHaveAttribute(
      "href",
      "/rng?page=2",
    );
  });

  test("VIP label and level only with VIP", async () => {
    const { unmount } = await renderMenu();
    await screen.findByTestId("member-balance");
    expect(screen.queryByTestId("vip-label")).not.toBeInTheDocument();
    unmount();
    await renderMenu({ hasVip: true, vipRankLevel: 3 });
    expect(await screen.findByTestId("vip-label")).toHaveTextContent("VIP 3");
  });

  test("the account name is the nickname, else the account; the ID is shown", async () => {
    const { unmount } = await renderMenu();
    expect(await screen.findByTestId("member-name")).toHaveTextContent("Lucky Player");
    expect(screen.getByTestId("member-id")).toHaveTextContent("1001");
    unmount();
    await renderMenu({ nickname: null });
    expect(await screen.findByTestId("member-name")).toHaveTextContent("player01");
  });

  test("the entries; Agent only for agents; sign out opens the confirmation on this page", async () => {
    const { unmount } = await renderMenu();
    await screen.findByTestId("member-menu");
    expect(screen.getByRole("link", { name: "My Account" })).toHaveAttribute(
      "href",
      "/member/security",
    );
    expect(screen.getByRole("link", { name: "Betting Record" })).toHaveAttribute(
      "href",
      "/member/betting-record",
    );
    expect(screen.getByRole("link", { name: "Platform Information" })).toHaveAttribute(
      "href",
      "/member/messages",
    );
    expect(screen.getByRole("link", { name: "Customer service" })).toHaveAttribute(
      "href",
      customerService.path,
    );
    expect(screen.getByRole("link", { name: "Sign Out" })).toHaveAttribute(
      "href",
      "/rng?page=2&modal=logout",
    );
    expect(screen.queryByRole("link", { name: "Agent" })).not.toBeInTheDocument();
    unmount();
    await renderMenu({ isAgent: true });
    expect(await screen.findByRole("link", { name: "Agent" })).toHaveAttribute(
      "href",
      "/agentHome",
    );
  });

  test("the unclaimed badge shows only when there is something to claim", async () => {
    const { unmount } = await renderMenu();
    await screen.findByTestId("member-menu");
    expect(screen.queryByTestId("unclaimed-count")).not.toBeInTheDocument();
    unmount();
    await renderMenu({ unclaimed: 4 });
    expect(await screen.findByTestId("unclaimed-count")).toHaveTextContent("4");
  });

  test("with a clipboard, the ID copies and 'copy success' is announced", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await renderMenu();
    fireEvent.click(await screen.findByRole("button", { name: "Copy ID" }));
    expect(writeText).toHaveBeenCalledWith("1001");
    expect(await screen.findByRole("status")).toHaveTextContent("Copy success");
  });

  test("without a clipboard there is no copy button; the ID stays selectable text", async () => {
    await renderMenu();
    await screen.findByTestId("member-id");
    expect(screen.queryByRole("button", { name: "Copy ID" })).not.toBeInTheDocument();
  });

  test("Urdu labels", async () => {
    await renderMenu({ hasVip: true, vipRankLevel: 2 }, { language: "ur" });
    expect(await screen.findByTestId("vip-label")).toHaveTextContent("وی آئی پی 2");
    expect(screen.getByRole("link", { name: "سائن آؤٹ" })).toBeInTheDocument();
  });
});

describe("member dialogs", () => {
  test("sign out: a form posting to /logout, and a cancel link back", async () => {
    await renderWithApp(<LogoutDialog closeHref="/rng?page=2" />, {
      path: "/rng?page=2&modal=logout",
    });
    const dialog = await screen.findByTestId("logout-dialog");
    expect(within(dialog).getByText("Are you sure you want to sign out?")).toBeInTheDocument();
    const confirm = within(dialog).getByTestId("logout-confirm");
    const form = confirm.closest("form")!;
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/logout");
    expect(form.querySelector('input[name="site"]')).toBeNull();
    expect(within(dialog).getByRole("link", { name: "Cancel" })).toHaveAttribute(
      "href",
      "/rng?page=2",
    );
  });

  test("agent sign out posts site=agent", async () => {
    await renderWithApp(<LogoutDialog closeHref="/agentHome" site="agent" />, {
      path: "/agentHome",
    });
    const form = (await screen.findByTestId("logout-confirm")).closest("form")!;
    expect(form.querySelector('input[name="site"]')).toHaveAttribute("value", "agent");
  });

  test("need a real account: title, info icon, text and a confirm that closes it", async () => {
    await renderWithApp(<NeedRealAccountDialog closeHref="/" />, { path: "/?modal=real-account" });
    const dialog = await screen.findByTestId("real-account-dialog");
    expect(
      within(dialog).getByRole("heading", { name: "Need a real account" }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("img", { name: "Information" })).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: "Confirm" })).toHaveAttribute("href", "/");
  });
});

describe("side menu member list", () => {
  const props = {
    state: "open" as const,
    lanes: [],
    customerService: null,
    referralEnabled: false,
    logoutHref: "/?modal=logout",
    qrSrc: "/resources/qr/download?lng=en",
    downloadHref: "/download?lng=en",
    closeControl: null,
    languageMenu: null,
  };

  test("a visitor's member links go through the login dialog, with no sign-out", async () => {
    await renderWithApp(<SideMenu {...props} member={null} />);
    const list = await screen.findByTestId("side-member-list");
    expect(within(list).getByRole("link", { name: "Betting record" })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2Fmember%2Fbetting-record",
    );
    expect(screen.queryByTestId("side-logout")).not.toBeInTheDocument();
  });

  test("a member's links go straight to the pages; VIP entry only with VIP; sign out", async () => {
    const { unmount } = await renderWithApp(<SideMenu {...props} member={{ hasVip: false }} />);
    const list = await screen.findByTestId("side-member-list");
    expect(
      within(list)
        .getAllByRole("link")
        .map((link) => link.getAttribute("href")),
    ).toEqual([
      "/member/betting-record",
      "/member/transactions",
      "/member/security",
      "/member/deposit",
      "/member/profit-loss",
      "/member/messages",
      // Responsible gaming is at most one click from every page (issue 17).
      "/member/protection",
      // Feedback (issue 16).
      "/member/feedback",
    ]);
    expect(screen.getByTestId("side-logout")).toHaveAttribute("href", "/?modal=logout");
    unmount();
    await renderWithApp(<SideMenu {...props} member={{ hasVip: true }} />);
    expect(await screen.findByRole("link", { name: "VIP security centre" })).toHaveAttribute(
      "href",
      "/member/security",
    );
  });
});

describe("Header", () => {
  const props = {
    brandName: "Lucky Harbour",
    lanes: [],
    customerService: null,
    locale: "en",
    languages: [{ code: "en", name: "English" }],
    theme: "light" as const,
    currency,
    hideBalance: false,
    logoutHref: "/?modal=logout",
    sideMenu: null,
  };

  test("a visitor: Login and Register; Rewards shows even without referral", async () => {
    await renderWithApp(<Header {...props} referralEnabled={false} viewer={null} />);
    expect(await screen.findByTestId("header-login")).toBeInTheDocument();
    expect(screen.getByTestId("header-register")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Rewards" })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2Fmember%2Frewards",
    );
    expect(screen.queryByTestId("member-menu")).not.toBeInTheDocument();
  });

  test("a member: Deposit, Withdraw, Members and the avatar menu; Rewards only with referral", async () => {
    const { unmount } = await renderWithApp(
      <Header {...props} referralEnabled={false} viewer={member} />,
    );
    expect(await screen.findByTestId("header-deposit")).toHaveAttribute("href", "/member/deposit");
    expect(screen.getByTestId("header-withdraw")).toHaveAttribute("href", "/member/withdraw");
    expect(screen.getByTestId("header-members")).toHaveAttribute("href", "/member");
    expect(screen.getByTestId("member-menu")).toBeInTheDocument();
    expect(screen.queryByTestId("header-login")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Rewards" })).not.toBeInTheDocument();
    unmount();
    await renderWithApp(<Header {...props} referralEnabled viewer={member} />);
    expect(await screen.findByRole("link", { name: "Rewards" })).toHaveAttribute(
      "href",
      "/member/rewards",
    );
    expect(screen.getByRole("link", { name: "Share" })).toHaveAttribute("href", "/member/referral");
  });

  test("a category's vendor drop-down is built when a pointer or the keyboard reaches it", async () => {
    const lanes = [
      {
        title: "RNG",
        vendors: [
          { vassalage: "PG", displayName: "PG Soft", lagerIcon: "/resources/icons/vendor/PG.png" },
          { vassalage: "JL", displayName: "JILI", lagerIcon: "/resources/icons/vendor/JL.png" },
        ],
      },
      { title: "LIVE", vendors: [{ vassalage: "SA", displayName: "SA Gaming", lagerIcon: "" }] },
    ];
    await renderWithApp(<Header {...props} lanes={lanes} referralEnabled={false} viewer={null} />);
    const slots = await screen.findByRole("link", { name: "Slots" });
    // Before: only the category's own link, to the page that lists the same vendors.
    expect(slots).toHaveAttribute("href", "/rng");
    expect(screen.queryByTestId("dropdown-RNG")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "PG Soft" })).not.toBeInTheDocument();

    fireEvent.pointerEnter(slots.closest("li")!);
    const dropdown = screen.getByTestId("dropdown-RNG");
    expect(within(dropdown).getByRole("link", { name: "PG Soft" })).toHaveAttribute(
      "href",
      "/rng?vassalage=PG",
    );
    expect(within(dropdown).getAllByRole("link")).toHaveLength(2);
    expect(screen.queryByTestId("dropdown-LIVE")).not.toBeInTheDocument();

    fireEvent.focus(screen.getByRole("link", { name: "Live casino" }));
    expect(
      within(screen.getByTestId("dropdown-LIVE")).getByRole("link", { name: "SA Gaming" }),
    ).toHaveAttribute("href", "/seamless?category=LIVE&vassalage=SA");
  });
});
