// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, test } from "vitest";
import { ManageAgent } from "~/components/ops/agents/manage-agent";
import { TopAgentList } from "~/components/ops/agents/top-agent-list";
import { renderWithApp } from "../helpers/render";

const currency = { symbol: "Rs", minorUnits: 2 };
const agent = {
  id: "41",
  account: "topdog",
  status: "active",
  agentRate: 4000,
  downlineRate: 1500,
  contracts: [
    {
      id: "7",
      kind: "DAILY" as const,
      period: null,
      terms: { rate: 100, minValidBet: 0 },
      decidedAt: null,
    },
  ],
};

describe("/ops/agents components", () => {
  test("the list links each top agent's Manage to ?agent=<id>, keeping search and page", async () => {
    await renderWithApp(
      <TopAgentList
        data={{ agents: [agent], q: "top", page: 2, totalPages: 3, total: 41, currency }}
      />,
      { path: "/ops/agents" },
    );
    const row = screen.getByTestId("ops-agent-topdog");
    expect(within(row).getByTestId("ops-agent-rate")).toHaveTextContent("40.00 %");
    expect(within(row).getByRole("link", { name: "Manage" })).toHaveAttribute(
      "href",
      "/ops/agents?q=top&page=2&agent=41",
    );
    expect(screen.getByLabelText("Account")).toHaveValue("top");
  });

  test("the manage panel: rate form with the current rate, the kind's grant fields, an end button per contract; a failed post keeps the input", async () => {
    const failed = {
      intent: "grant",
      result: {
        status: "error" as const,
        initialValue: { rate: "40.01", period: "M" },
        error: { "": ["Too high"] },
      },
    };
    await renderWithApp(
      <ManageAgent
        agent={agent}
        kind="DIVIDEND"
        place={{ q: "", page: 1 }}
        currency={currency}
        failed={failed}
      />,
      { path: "/ops/agents", staffPermissions: ["agents.view", "agents.manage"] },
    );
    expect(await screen.findByLabelText("Own rate (%)")).toHaveValue("40.00");
    const form = screen.getByTestId("ops-grant-form-DIVIDEND");
    expect(form).toHaveAttribute("action", "/ops/agents?agent=41&kind=DIVIDEND");
    expect(within(form).getByDisplayValue("40.01")).toBeInTheDocument();
    expect(within(form).getByText("Too high")).toBeInTheDocument();
    expect((within(form).getByRole("combobox") as HTMLSelectElement).value).toBe("M");
    expect(screen.getByTestId("ops-grant-kind-DIVIDEND")).toHaveAttribute("aria-current", "page");
    expect(
      within(screen.getByTestId("ops-house-contract-DAILY")).getByRole("button", { name: "End" }),
    ).toBeInTheDocument();
  });
});
