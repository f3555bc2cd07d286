import { sql } from "kysely";
import { seedDemoAccounts, seedDemoAuthenticators, seedDemoKnownSignIns } from "./accounts.server";
import { seedDemoAgeChecks } from "./age-checks.server";
import { seedDemoAgency } from "./agency.server";
import { categoryTitles, RNG_CLASSIFY, seedVendors, titleWords } from "./catalog-data";
import { seedBanners, seedHelp, seedNotices } from "./content-data";
import { seedDemoMissions } from "./missions.server";
import { seedDemoPlays } from "./plays.server";
import { seedDemoPoints } from "./points.server";
import { random } from "./random";
import { seedDemoReferral } from "./referral.server";
import { seedDemoRewards } from "./rewards.server";
import { seedDemoStaff } from "./staff.server";
import { seedDemoVip } from "./vip.server";
import { seedDemoWallets } from "./wallet.server";
import { sanitizeContentHtml } from "../content/sanitize.server";
import type { Database } from "../db/open.server";
import type { NewGame } from "../db/schema";
import { parseBrandConfig } from "../system/brand-config.server";
import { readBrandFile, storeBrand } from "../system/brand-store.server";
import demoBrand from "../system/brands/demo.json";

/** Bump when the demo data changes shape; a seeded database is never seeded twice. */
const SEED_VERSION = 1;
const FIRST_NODE_ID = 100_001;

/** The brand a demo start seeds: BRAND_FILE's when set, the built-in demo brand otherwise. */
export function loadBrandFile(brandFile?: string) {
  return brandFile ? readBrandFile(brandFile) : parseBrandConfig(demoBrand);
}

export function buildDemoGames(): NewGame[] {
  const games: NewGame[] = [];
  let nodeId = FIRST_NODE_ID;
  const next = random(20_261_121);
  for (const vendor of seedVendors) {
    for (let n = 0; n < vendor.games; n++) {
      const id = nodeId++;
      let name: string;
      const names: Record<string, string> = {};
      let classify: string | null = null;
      if (vendor.category === "RNG") {
        const first = Math.floor(next() * titleWords.en.first.length);
        const second = Math.floor(next() * titleWords.en.second.length);
        const edition = n >= 900 ? ` ${Math.floor(n / 900) + 1}` : "";
        name = `${titleWords.en.first[first]} ${titleWords.en.second[second]}${edition}`;
        names.ur = `${titleWords.ur.first[first]} ${titleWords.ur.second[second]}${edition}`;
        classify = RNG_CLASSIFY[n % RNG_CLASSIFY.length]!;
      } else {
        const titles = categoryTitles[vendor.category]!;
        name = titles.en[n % titles.en.length]!;
        names.ur = titles.ur[n % titles.ur.length]!;
        if (vendor.category === "LIVE") {
          const table = ` ${Math.floor(n / titles.en.length) + 1}`;
          name += table;
          names.ur += table;
        }
      }
      const gameCode = `${vendor.vassalage}-${String(n + 1).padStart(4, "0")}`;
      games.push({
        node_id: id,
        vassalage: vendor.vassalage,
        category: vendor.category,
        game_code: gameCode,
        game_type: vendor.gameType,
        classify,
        name,
        names: JSON.stringify(names),
        // Every 97th icon points at a missing file: the lobby must fall back to the default icon.
        icon_url:
          id % 97 === 0 ? `/images/missing/${gameCode}.png` : `/resources/icons/game/${id}.png`,
        sort: n,
      });
    }
  }
  return games;
}

async function insertInChunks<T>(
  rows: T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
) {
  for (let start = 0; start < rows.length; start += size)
    await insert(rows.slice(start, start + size));
}

/**
 * Seeds the demo brand: brand config from the brand file, every category's
 * vendors, ~10,000 slot games, banners, announcements and help; then the
 * demo accounts, their money, and their plays (which rank the hot games and
 * fill the winner board). Idempotent: a seeded database is left alone.
 */
export async function seedDemoBrand(db: Database, options: { brandFile?: string } = {}) {
  const brand = loadBrandFile(options.brandFile);
  const seeded = await db.transaction().execute(async (trx) => {
    const marker = await trx
      .selectFrom("settings")
      .select("value")
      .where("key", "=", "seed")
      .executeTakeFirst();
    if (marker) return false;

    await storeBrand(trx, brand);

    await trx
      .insertInto("vendors")
      .values(
        seedVendors.map((vendor, index) => ({
          category: vendor.category,
          vassalage: vendor.vassalage,
          display_name: vendor.displayName,
          lager_icon: `/resources/icons/vendor/${vendor.vassalage}.svg`,
          game_type: vendor.gameType,
          game_code:
            vendor.isGame === "GAME" && vendor.category !== "RNG"
              ? `${vendor.vassalage}-0001`
              : null,
          is_game: vendor.isGame,
          sort: index,
        })),
      )
      .execute();

    const games = buildDemoGames();
    await insertInChunks(games, 1000, (chunk) => trx.insertInto("games").values(chunk).execute());

    const now = Date.now();

    await trx
      .insertInto("banners")
      .values(
        seedBanners.map((banner, index) => ({
          group_name: banner.group,
          title: banner.title,
          image_url: banner.image,
          link_url: banner.link,
          linkage_type: banner.link ? "INTERNAL" : "NONE",
          language: null,
          sort: index,
        })),
      )
      .execute();

    for (const language of ["en", "ur"] as const) {
      await trx
        .insertInto("announcements")
        .values(
          seedNotices(language).map((notice, index) => ({
            type: notice.type,
            execution: notice.execution,
            title: notice.title,
            content_html: sanitizeContentHtml(notice.html),
            promotion_type: notice.promotionType ?? null,
            promotion_code: notice.promotionCode ?? null,
            language,
            sort: index,
            published_at: new Date(now - index * 86_400_000),
          })),
        )
        .execute();
      await trx
        .insertInto("help_articles")
        .values(
          seedHelp[language].map((article, index) => ({
            category: article.category,
            anchor: article.anchor,
            title: article.title,
            content_html: sanitizeContentHtml(article.html),
            language,
            sort: index,
          })),
        )
        .execute();
    }

    await trx
      .insertInto("settings")
      .values({
        key: "seed",
        value: JSON.stringify({ version: SEED_VERSION, at: new Date().toISOString() }),
      })
      .execute();
    return true;
  });
  // Fresh statistics, or the planner guesses a handful of rows where there are 10,000.
  const accounts = await seedDemoAccounts(db);
  await seedDemoAuthenticators(db);
  await seedDemoKnownSignIns(db);
  await seedDemoStaff(db);
  const wallets = await seedDemoWallets(db, brand);
  const plays = await seedDemoPlays(db, brand);
  const agency = await seedDemoAgency(db, brand);
  const rewards = await seedDemoRewards(db, brand);
  // After the money: the levels' thresholds count nothing the seed deposited or bet before them.
  const vip = await seedDemoVip(db);
  const points = await seedDemoPoints(db, brand);
  const missions = await seedDemoMissions(db);
  const referral = await seedDemoReferral(db, brand);
  // Last: every member the seed made so far is verified (issue 17).
  const ages = await seedDemoAgeChecks(db);
  const loyalty = points || missions || referral || ages;
  if (seeded || accounts || wallets || plays || agency || rewards || vip || loyalty)
    await sql`analyze`.execute(db);
  return seeded;
}
