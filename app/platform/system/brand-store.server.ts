import { readFileSync } from "node:fs";
import { parseBrandConfig, type BrandConfig } from "./brand-config.server";
import type { Database } from "../db/open.server";

/** A brand file, read and validated (a bad field stops the start, naming the field). */
export function readBrandFile(path: string): BrandConfig {
  return parseBrandConfig(JSON.parse(readFileSync(path, "utf8")));
}

/**
 * The brand's settings, stored once: the brand config and a status row. What
 * every start does, demo or not. Later starts leave a stored brand alone
 * (operators may have changed it since).
 */
export async function storeBrand(db: Database, brand: BrandConfig) {
  await db
    .insertInto("settings")
    .values([
      { key: "brand", value: JSON.stringify(brand) },
      { key: "status", value: JSON.stringify({ maintenance: false }) },
    ])
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/**
 * Deposit channels by which members credit themselves (`embedded`: the demo's
 * pay step, no gateway in between) are for demo and development starts only.
 */
export function selfCreditingChannels(brand: BrandConfig): string[] {
  return brand.wallet.depositChannels
    .filter((channel) => channel.kind === "embedded")
    .map((channel) => channel.code);
}
