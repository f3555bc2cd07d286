import { getConfig } from "~/config.server";
import { demoProvider } from "./demo.server";
import { httpAggregator } from "./http-aggregator.server";
import type { GameProvider } from "./ports";
import type { BrandConfig } from "../../system/brand-config.server";

let aggregator: { url: string; provider: GameProvider } | undefined;

/** The aggregator when one is configured, or null. */
export function configuredAggregator(): GameProvider | null {
  const { GAME_AGGREGATOR_URL: url, GAME_AGGREGATOR_KEY: key } = getConfig();
  if (!url || !key) return null;
  if (aggregator?.url !== url) aggregator = { url, provider: httpAggregator({ url, key }) };
  return aggregator.provider;
}

/** Who runs a vendor's games: the aggregator for the brand's aggregator vendors (when configured), the demo provider otherwise. */
export function providerFor(brand: Pick<BrandConfig, "play">, vassalage: string): GameProvider {
  if (brand.play.aggregatorVendors.includes(vassalage))
    return configuredAggregator() ?? demoProvider;
  return demoProvider;
}
