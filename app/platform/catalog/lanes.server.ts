import { getConfig } from "~/config.server";
import { cacheFor } from "../cache.server";
import { LANE_ORDER, rngSubTypes, type Category } from "./categories";
import type { Database } from "../db/open.server";
import type { BrandConfig } from "../system/brand-config.server";

export interface VendorCard {
  vassalage: string;
  displayName: string;
  lagerIcon: string;
  gameType: string;
  gameCode: string | null;
  isGame: string;
}

export interface VendorLane {
  title: Category;
  cards: VendorCard[];
  gameClassify: string[];
}

const laneRank = (title: string) => {
  const index = (LANE_ORDER as readonly string[]).indexOf(title);
  return index === -1 ? LANE_ORDER.length : index;
};

/** Lanes as the upstream keeps them: one per stored category, vendors in their sort order. */
export async function readVendorLanes(
  db: Database,
  languages: readonly string[],
): Promise<VendorLane[]> {
  const rows = await db
    .selectFrom("vendors")
    .selectAll()
    .where("enabled", "=", true)
    .orderBy("sort")
    .orderBy("vassalage")
    .execute();
  const lanes = new Map<string, VendorLane>();
  for (const row of rows) {
    let lane = lanes.get(row.category);
    if (!lane) {
      lane = {
        title: row.category as Category,
        cards: [],
        gameClassify: row.category === "RNG" ? rngSubTypes(languages) : [],
      };
      lanes.set(row.category, lane);
    }
    lane.cards.push({
      vassalage: row.vassalage,
      displayName: row.display_name,
      lagerIcon: row.lager_icon,
      gameType: row.game_type,
      gameCode: row.game_code,
      isGame: row.is_game,
    });
  }
  return [...lanes.values()].sort((a, b) => laneRank(a.title) - laneRank(b.title));
}

/**
 * SPORTS cards whose vassalage is an esports vendor form ESPORTS (after
 * the other lanes); cockfight vendors form COCKFIGHT, placed right after SPORTS.
 */
export function deriveLanes(
  lanes: VendorLane[],
  brand: Pick<BrandConfig, "esportsVendors" | "cockfightVendors">,
): VendorLane[] {
  const esports: VendorCard[] = [];
  const cockfight: VendorCard[] = [];
  const result: VendorLane[] = [];
  for (const lane of lanes) {
    if (lane.title !== "SPORTS") {
      result.push(lane);
      continue;
    }
    const sports: VendorCard[] = [];
    for (const card of lane.cards) {
      if (brand.esportsVendors.includes(card.vassalage)) esports.push(card);
      else if (brand.cockfightVendors.includes(card.vassalage)) cockfight.push(card);
      else sports.push(card);
    }
    result.push({ ...lane, cards: sports });
  }
  const merge = (title: Category, cards: VendorCard[], at: number) => {
    if (!cards.length) return;
    const existing = result.find((lane) => lane.title === title);
    if (existing) existing.cards.push(...cards);
    else result.splice(at, 0, { title, cards, gameClassify: [] });
  };
  const sportsIndex = result.findIndex((lane) => lane.title === "SPORTS");
  merge("COCKFIGHT", cockfight, sportsIndex === -1 ? result.length : sportsIndex + 1);
  merge("ESPORTS", esports, result.length);
  return result.filter((lane) => lane.cards.length > 0);
}

/** Lobby tabs: HOME, FAV, the lanes, and MXWIN when the server sent none. */
export function lobbyTabs(lanes: VendorLane[]): string[] {
  const titles = lanes.map((lane) => lane.title as string);
  if (!titles.includes("MXWIN")) titles.push("MXWIN");
  return ["HOME", "FAV", ...titles];
}

const lanesTtl = () => getConfig().CACHE_TTL_MS;

/** Derived lanes, cached per language until the TTL ends or the language changes. */
export function getVendorLanes(
  db: Database,
  brand: BrandConfig,
  language: string,
): Promise<VendorLane[]> {
  return cacheFor<VendorLane[]>(db, "lanes", lanesTtl).get(language, async () =>
    deriveLanes(await readVendorLanes(db, brand.languages), brand),
  );
}

export function flushVendorLanes(db: Database, language: string) {
  cacheFor<VendorLane[]>(db, "lanes", lanesTtl).delete(language);
}
