/** The demo brand's providers (spec §9 counts: fish 6, live 9 + generic, PVP 5, slots 13 + generic, sports 3). */
export interface SeedVendor {
  category: string;
  vassalage: string;
  displayName: string;
  gameType: string;
  isGame: "GAME" | "VASSALAGE";
  games: number;
}

const slots = ["PG", "EG2", "PT", "JDB", "CQ9", "FC", "JL", "BGS", "PP", "HB", "NS", "KA", "MG"];
const fish = ["JDB", "FC", "JL", "CQ9", "KA", "BGS"];
const live = ["EVO", "AG", "SA", "DG", "WM", "BG", "ALB", "SXY", "PPL"];
const pvp = ["KY", "LEG", "TH", "MT", "V8"];

const vendorNames: Record<string, string> = {
  PG: "PG Studio", EG2: "EG2 Gaming", PT: "PT Slots", JDB: "JDB Games", CQ9: "CQ9 Play",
  FC: "FC Fortune", JL: "JL Jackpots", BGS: "BGS Reels", PP: "PP Spins", HB: "HB Hits",
  NS: "NS Nova", KA: "KA Arcade", MG: "MG Magic", GEN: "Harbour Originals",
  EVO: "EVO Live", AG: "AG Casino", SA: "SA Gaming", DG: "DG Dream", WM: "WM Live",
  BG: "BG Big", ALB: "AllBet Live", SXY: "Sexy Baccarat", PPL: "PP Live",
  KY: "KY Cards", LEG: "Legend Poker", TH: "TH Teen Patti", MT: "MT Rummy", V8: "V8 Poker",
  SBO: "SBO Sports", IBC: "IBC Bet", CMD: "CMD368", IMES: "IM eSports", SV3: "SV388 Cockfight",
  LOTT: "Harbour Lotto", TCG_LOTTO_VN: "VN Lottery", TCG_SEA: "SEA Lottery", ELOTT: "E-Lottery",
  SPK: "Spark Crash", SMB: "Smash Mini",
};

export const displayNameOf = (vassalage: string) => vendorNames[vassalage] ?? vassalage;

export const SLOT_GAME_TOTAL = 10_000;
const GENERIC_SLOTS = 1_000;

function spread(codes: string[], total: number) {
  const base = Math.floor(total / codes.length);
  return codes.map((code, index) => ({ code, games: base + (index < total % codes.length ? 1 : 0) }));
}

export const seedVendors: SeedVendor[] = [
  ...spread(slots, SLOT_GAME_TOTAL - GENERIC_SLOTS).map(({ code, games }) => ({
    category: "RNG", vassalage: code, displayName: displayNameOf(code), gameType: "RNG", isGame: "GAME" as const, games,
  })),
  { category: "RNG", vassalage: "GEN", displayName: displayNameOf("GEN"), gameType: "RNG", isGame: "GAME", games: GENERIC_SLOTS },
  ...fish.map((code) => ({
    category: "FISH", vassalage: code, displayName: displayNameOf(code), gameType: "FISH", isGame: "VASSALAGE" as const, games: 6,
  })),
  ...[...live, "GEN"].map((code) => ({
    category: "LIVE", vassalage: code, displayName: displayNameOf(code), gameType: "LIVE", isGame: "VASSALAGE" as const, games: 8,
  })),
  ...pvp.map((code) => ({
    category: "PVP", vassalage: code, displayName: displayNameOf(code), gameType: "PVP", isGame: "VASSALAGE" as const, games: 12,
  })),
  // Esports and cockfight vendors arrive inside SPORTS; the portal derives their lanes (§4).
  ...["SBO", "IBC", "CMD", "IMES", "SV3"].map((code) => ({
    category: "SPORTS", vassalage: code, displayName: displayNameOf(code), gameType: "SPORTS", isGame: "GAME" as const, games: 1,
  })),
  ...["LOTT", "TCG_LOTTO_VN", "TCG_SEA"].map((code) => ({
    category: "LOTT", vassalage: code, displayName: displayNameOf(code), gameType: "LOTT", isGame: "GAME" as const, games: 5,
  })),
  ...["ELOTT", "TCG_LOTTO_VN"].map((code) => ({
    category: "ELOTT", vassalage: code, displayName: displayNameOf(code), gameType: "ELOTT", isGame: "GAME" as const, games: 5,
  })),
  ...["SPK", "SMB"].map((code) => ({
    category: "MXWIN", vassalage: code, displayName: displayNameOf(code), gameType: "MXWIN", isGame: "GAME" as const, games: 10,
  })),
];

/** Word lists for generated titles; the Urdu list mirrors the English one word for word. */
export const titleWords = {
  en: {
    first: ["Golden", "Lucky", "Mighty", "Royal", "Wild", "Mystic", "Crystal", "Dragon", "Jade", "Thunder", "Silver", "Fire", "Ocean", "Desert", "Emerald", "Ruby", "Sapphire", "Lotus", "Tiger", "Phoenix", "Star", "Moon", "Sun", "Magic", "Ancient", "Neon", "Frozen", "Secret", "Cosmic", "Happy"],
    second: ["Fortune", "Treasure", "Riches", "Empire", "Kingdom", "Jackpot", "Legend", "Quest", "Palace", "Garden", "Temple", "Harbour", "Express", "Festival", "Voyage", "Bonanza", "Reels", "Gems", "Wins", "Nights", "Party", "Safari", "Carnival", "Spirit", "Hunter", "Warrior", "Island", "Orchard", "Tower", "Dynasty"],
  },
  ur: {
    first: ["سنہری", "خوش قسمت", "طاقتور", "شاہی", "جنگلی", "پراسرار", "بلوری", "ڈریگن", "یشم", "گرج", "چاندی", "آگ", "سمندر", "صحرا", "زمرد", "یاقوت", "نیلم", "کنول", "شیر", "ققنس", "ستارہ", "چاند", "سورج", "جادو", "قدیم", "نیون", "منجمد", "راز", "کائناتی", "خوش"],
    second: ["قسمت", "خزانہ", "دولت", "سلطنت", "بادشاہت", "جیک پاٹ", "داستان", "مہم", "محل", "باغ", "مندر", "بندرگاہ", "ایکسپریس", "میلہ", "سفر", "بونانزا", "ریلز", "جواہر", "جیت", "راتیں", "جشن", "سفاری", "کارنیول", "روح", "شکاری", "جنگجو", "جزیرہ", "باغیچہ", "مینار", "خاندان"],
  },
};

export const categoryTitles: Record<string, { en: string[]; ur: string[] }> = {
  FISH: { en: ["Ocean King", "Fishing War", "Mega Fishing", "Dragon Fishing", "Happy Fishing", "Jackpot Fishing"], ur: ["سمندر کا بادشاہ", "مچھلی کی جنگ", "میگا فشنگ", "ڈریگن فشنگ", "خوش فشنگ", "جیک پاٹ فشنگ"] },
  LIVE: { en: ["Baccarat", "Speed Baccarat", "Roulette", "Blackjack", "Dragon Tiger", "Sic Bo", "Teen Patti", "Andar Bahar"], ur: ["بکارٹ", "تیز بکارٹ", "رولیٹ", "بلیک جیک", "ڈریگن ٹائیگر", "سک بو", "تین پتی", "اندر باہر"] },
  PVP: { en: ["Teen Patti", "Rummy", "Texas Hold'em", "Blackjack Duel", "Dragon Tiger", "Andar Bahar", "Ludo", "Poker Rush", "Callbreak", "Jhandi Munda", "Fishing Duel", "Crash Duel"], ur: ["تین پتی", "رمی", "ٹیکساس ہولڈم", "بلیک جیک مقابلہ", "ڈریگن ٹائیگر", "اندر باہر", "لڈو", "پوکر رش", "کال بریک", "جھنڈی منڈا", "فشنگ مقابلہ", "کریش مقابلہ"] },
  SPORTS: { en: ["Sportsbook"], ur: ["اسپورٹس بک"] },
  LOTT: { en: ["11x5", "LF", "LHC", "PK10", "SSC"], ur: ["11x5", "LF", "LHC", "PK10", "SSC"] },
  ELOTT: { en: ["11x5", "LF", "LHC", "PK10", "SSC"], ur: ["11x5", "LF", "LHC", "PK10", "SSC"] },
  MXWIN: { en: ["Aviator Rush", "Mines", "Plinko", "Dice", "Hi-Lo", "Keno", "Limbo", "Goal", "Hotline", "Mini Roulette"], ur: ["ایویئیٹر رش", "مائنز", "پلنکو", "ڈائس", "ہائی لو", "کینو", "لمبو", "گول", "ہاٹ لائن", "منی رولیٹ"] },
};

export const RNG_CLASSIFY = ["SC", "VP", "JP", "TG", "AC"];
