import type { Fraction } from "./fraction";
import type { RandomSource } from "./random";
import {
  validRouletteBet,
  spinRoulette,
  rouletteRtp,
  type RouletteBet,
  type RouletteOutcome,
} from "./roulette";
import { slotMath, spinSlot, validSlotStake, type SlotOutcome } from "./slot";
import { SLOT_VARIANTS, slotVariant } from "./slot-variants";

/**
 * The demo provider's engines and which title plays on which. An engine id
 * is stored with every round (`slot:<variant>` or `roulette`), so a round can
 * be replayed on the very engine that played it.
 */
export type EngineId = `slot:${string}` | "roulette";
export type Outcome = SlotOutcome | RouletteOutcome;

/** What the member chose for a round: the stake (minor units) and, at the table, the bet. */
export interface RoundConfig {
  stake: bigint;
  bet?: RouletteBet;
}

/** Categories whose titles are tables (their lobbies show the last results): they play roulette. */
const TABLE_CATEGORIES = new Set(["LIVE", "PVP", "SPORTS", "ESPORTS", "COCKFIGHT", "MXWIN"]);
const SLOT_CATEGORIES = new Set(["RNG", "FISH"]);

/** A fixed integer mix (Knuth's multiplicative hash), so neighbouring node ids land on different variants. */
const spread = (nodeId: number) => (Math.imul(nodeId >>> 0, 2_654_435_761) >>> 0) >>> 8;

/** The engine a title plays on: slots and fish on a slot variant, tables and everything else on roulette. */
export function engineFor(game: { nodeId: number; category: string; vassalage: string }): EngineId {
  if (SLOT_CATEGORIES.has(game.category))
    return `slot:${SLOT_VARIANTS[spread(game.nodeId) % SLOT_VARIANTS.length]!.id}`;
  if (TABLE_CATEGORIES.has(game.category)) return "roulette";
  return "roulette";
}

export const engineKind = (engine: string): "slot" | "roulette" | null =>
  engine === "roulette"
    ? "roulette"
    : engine.startsWith("slot:") && slotVariant(engine.slice(5))
      ? "slot"
      : null;

/** Whether a round config is playable on an engine (the stake's size is the caller's rule). */
export function validConfig(engine: EngineId, config: RoundConfig): boolean {
  const kind = engineKind(engine);
  if (kind === "slot") return validSlotStake(config.stake) && config.bet === undefined;
  if (kind === "roulette")
    return config.stake > 0n && config.bet !== undefined && validRouletteBet(config.bet);
  return false;
}

/** Plays one round: pure, the same source and config give the same outcome. */
export function playEngine(engine: EngineId, source: RandomSource, config: RoundConfig): Outcome {
  const kind = engineKind(engine);
  if (kind === "slot") return spinSlot(slotVariant(engine.slice(5))!, source, config.stake);
  if (kind === "roulette" && config.bet) return spinRoulette(source, config.bet, config.stake);
  throw new RangeError(`unknown engine ${engine}`);
}

/** The exact RTP of an engine (for roulette, of the given bet; every bet has the same). */
export function engineRtp(engine: EngineId, bet: RouletteBet = { kind: "red" }): Fraction {
  const kind = engineKind(engine);
  if (kind === "slot") return slotMath(slotVariant(engine.slice(5))!).rtp;
  if (kind === "roulette") return rouletteRtp(bet);
  throw new RangeError(`unknown engine ${engine}`);
}

/** The stakes offered, in minor units: 1, 2, 5 … 100 currency units, a slot's rounded up to split over its 25 lines. */
export function stakeOptions(engine: EngineId, minorUnits: number): bigint[] {
  const unit = 10n ** BigInt(minorUnits);
  const stakes = [1n, 2n, 5n, 10n, 20n, 50n, 100n].map((units) => units * unit);
  if (engineKind(engine) !== "slot") return stakes;
  return [...new Set(stakes.map((stake) => ((stake + 24n) / 25n) * 25n))];
}
