import { describe, expect, it } from "vitest";
import type { ConsolidatedContractInfo } from "~/platform/agency/contracts.server";
import {
  AGENT_MENU_KEYS,
  agentMenu,
  agentMenuFeatures,
  requireContractPage,
  type AgentMenuKey,
} from "~/platform/agency/menu";
import type { ContractKind } from "~/platform/db/schema";

const none: ConsolidatedContractInfo = {
  divtypeinfo: false,
  divtypereq: false,
  dailysalinfotype: false,
  dailysalreqtype: false,
  contracthoursalinfo: false,
  contracthoursalreq: false,
  contractmrdailysalinfotype: false,
  realtimesalreqtype: false,
};
const all = { dividend: true, salary: true };
const ALWAYS: AgentMenuKey[] = AGENT_MENU_KEYS.filter(
  (key) => !["dividends", "dailyWages", "hourlySalary", "realtimeSalary"].includes(key),
);
const keys = (info: Partial<ConsolidatedContractInfo>, features = all) =>
  agentMenu({ ...none, ...info }, features).map((item) => item.key);
const contractItems = (info: Partial<ConsolidatedContractInfo>, features = all) =>
  keys(info, features).filter((key) => !ALWAYS.includes(key));

describe("the agent menu", () => {
  it("always shows the menu items that need no contract, in order, with their addresses", () => {
    const menu = agentMenu(none, all);
    expect(menu.map((item) => item.key)).toEqual(ALWAYS);
    expect(menu.find((item) => item.key === "overview")?.href).toBe("/agentHome");
    expect(menu.find((item) => item.key === "deposit")?.href).toBe("/member/deposit");
    expect(menu.find((item) => item.key === "security")?.href).toBe("/member/security");
    expect(menu.find((item) => item.key === "customerService")?.href).toBeNull();
  });

  const cases: Array<{
    name: string;
    info: Partial<ConsolidatedContractInfo>;
    features?: { dividend: boolean; salary: boolean };
    shown: AgentMenuKey[];
  }> = [
    { name: "a dividend contract", info: { divtypeinfo: true }, shown: ["dividends"] },
    { name: "a dividend offer", info: { divtypereq: true }, shown: ["dividends"] },
    {
      name: "a dividend contract without DIVIDEND3",
      info: { divtypeinfo: true },
      features: { dividend: false, salary: true },
      shown: [],
    },
    { name: "a daily wage contract", info: { dailysalinfotype: true }, shown: ["dailyWages"] },
    { name: "a daily wage offer", info: { dailysalreqtype: true }, shown: ["dailyWages"] },
    {
      name: "an hourly salary contract",
      info: { contracthoursalinfo: true },
      shown: ["hourlySalary"],
    },
    { name: "an hourly salary offer", info: { contracthoursalreq: true }, shown: ["hourlySalary"] },
    {
      name: "a real-time salary contract",
      info: { contractmrdailysalinfotype: true },
      shown: ["realtimeSalary"],
    },
    {
      name: "a real-time salary offer",
      info: { realtimesalreqtype: true },
      shown: ["realtimeSalary"],
    },
    {
      name: "every salary without SALARY3",
      info: {
        dailysalinfotype: true,
        contracthoursalinfo: true,
        contractmrdailysalinfotype: true,
        divtypeinfo: true,
      },
      features: { dividend: true, salary: false },
      shown: ["dividends"],
    },
    {
      name: "everything with both features",
      info: {
        divtypeinfo: true,
        dailysalreqtype: true,
        contracthoursalinfo: true,
        realtimesalreqtype: true,
      },
      shown: ["dividends", "dailyWages", "hourlySalary", "realtimeSalary"],
    },
    {
      name: "everything without features",
      info: { divtypeinfo: true, dailysalinfotype: true },
      features: { dividend: false, salary: false },
      shown: [],
    },
    { name: "nothing held or offered", info: {}, shown: [] },
  ];
  it.each(cases)("$name shows $shown", ({ info, features, shown }) => {
    expect(contractItems(info, features)).toEqual(shown);
  });

  it("marks the items whose kind has an offer waiting", () => {
    const menu = agentMenu(
      { ...none, divtypeinfo: true, contracthoursalreq: true, dailysalinfotype: true },
      all,
    );
    expect(menu.filter((item) => item.offerWaiting).map((item) => item.key)).toEqual([
      "hourlySalary",
    ]);
  });

  it("reads the features from the brand's whitelabel tree, nested or not", () => {
    const brand = {
      whitelabel: [
        { modId: "DIVIDEND3", enabled: true, childrenNodes: [] },
        {
          modId: "AGENT",
          enabled: true,
          childrenNodes: [{ modId: "SALARY3", enabled: false, childrenNodes: [] }],
        },
      ],
    };
    expect(agentMenuFeatures(brand)).toEqual({ dividend: true, salary: false });
    expect(agentMenuFeatures({ whitelabel: [] })).toEqual({ dividend: false, salary: false });
  });
});

describe("requireContractPage", () => {
  const brand = {
    whitelabel: [
      { modId: "DIVIDEND3", enabled: true, childrenNodes: [] },
      { modId: "SALARY3", enabled: true, childrenNodes: [] },
    ],
  };
  const refusal = (
    info: Partial<ConsolidatedContractInfo>,
    kind: ContractKind,
    withBrand = brand,
  ) => {
    try {
      requireContractPage({ ...none, ...info }, withBrand, kind);
      return null;
    } catch (error) {
      return error instanceof Response ? error.status : error;
    }
  };

  it("lets a visible page through and answers a hidden one with 404", () => {
    expect(refusal({ contracthoursalreq: true }, "HOURLY")).toBeNull();
    expect(refusal({ divtypeinfo: true }, "DIVIDEND")).toBeNull();
    expect(refusal({ divtypeinfo: true }, "DAILY")).toBe(404);
    expect(refusal({}, "REALTIME")).toBe(404);
    expect(refusal({ dailysalinfotype: true }, "DAILY", { whitelabel: [] })).toBe(404);
  });
});
