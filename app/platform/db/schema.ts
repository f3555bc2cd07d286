import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** bigint columns come back as strings from both drivers; money is parsed at the edge. */
type BigIntColumn = ColumnType<string, string | number | bigint, string | number | bigint>;
type Json<T> = ColumnType<T, string, string>;

/**
 * Where a session (or a sign-in's pending step) was opened: the portal, the agent site, the
 * operators' back office (/ops), or the cash-out page a self-excluded member signs in to
 * (/cash-out, ADR 49), which no other page accepts.
 */
export type Site = "member" | "agent" | "ops" | "cash_out";

export interface SettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: Timestamp;
}

export interface VendorsTable {
  category: string;
  vassalage: string;
  display_name: string;
  lager_icon: string;
  game_type: string;
  game_code: string | null;
  is_game: string;
  sort: number;
  enabled: Generated<boolean>;
}

export interface GamesTable {
  node_id: number;
  vassalage: string;
  category: string;
  game_code: string;
  game_type: string;
  classify: string | null;
  name: string;
  names: Json<Record<string, string>>;
  icon_url: string | null;
  show_icon: Generated<boolean>;
  sort: number;
  enabled: Generated<boolean>;
  created_at: Timestamp;
}

export interface BannersTable {
  id: Generated<number>;
  group_name: string;
  title: string;
  image_url: string;
  link_url: string | null;
  linkage_type: string;
  language: string | null;
  sort: number;
  enabled: Generated<boolean>;
}

export interface AnnouncementsTable {
  id: Generated<number>;
  type: string;
  execution: string;
  title: string;
  content_html: string;
  promotion_type: string | null;
  /** The promotion "Go to promotion" opens (0008-audiences). */
  promotion_code: Generated<string | null>;
  language: string | null;
  sort: number;
  published_at: Timestamp;
  enabled: Generated<boolean>;
  /** When its going live was announced; kept by a trigger (0027-announcement-starts). */
  announced_at: Timestamp | null;
}

export interface HelpArticlesTable {
  id: Generated<number>;
  category: string;
  anchor: string;
  title: string;
  content_html: string;
  language: string;
  sort: number;
}

export interface MembersTable {
  id: Generated<string>;
  account: string;
  nickname: string | null;
  type: number;
  parent_id: string | null;
  password_hash: string;
  password_changed_at: Timestamp;
  first_time_login: Generated<boolean>;
  withdraw_password_hash: string | null;
  dialing_code: string | null;
  mobile: string | null;
  email: string | null;
  profile: Json<Record<string, string>>;
  vip_level: Generated<number>;
  status: Generated<"active" | "disabled" | "suspended" | "closed">;
  /** Why it is suspended (a code of SUSPENSION_REASONS), staff's note, and since when (0040). */
  status_reason: string | null;
  status_note: string | null;
  status_changed_at: Timestamp | null;
  /** A closed account whose money compliance holds: not even the cash-out page pays it (0047). */
  funds_held_at: Generated<Date | null>;
  /** Staff asked for a new password at the next sign-in, since then (0044). */
  password_reset_required_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  affiliate_code: string | null;
  demo_credit: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  /** An agent's own rate in basis points (0005-agency); null for non-agents. */
  agent_rate: ColumnType<number | null, number | null | undefined, number | null>;
  register_ip: string | null;
  created_at: Timestamp;
  last_login_at: Timestamp | null;
  /** The member's own referral code (0009-referrals), handed out on first use. */
  referral_code: Generated<string | null>;
}

export interface ReferralsTable {
  friend_id: string;
  referrer_id: string;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string>;
  token_hash: string;
  member_id: string;
  site: Site;
  remember: boolean;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
  /** The member's first sign-in ever (0008-audiences). */
  first_login: Generated<boolean>;
  /** Ended by a rule, kept until purged so its cookie can learn why (0017-session-ends). */
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** One of identity's session end reasons; identity narrows what it reads back. */
  ended_reason: string | null;
}

export interface LoginHandoffsTable {
  token_hash: string;
  member_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface PendingPasswordChangesTable {
  token_hash: string;
  member_id: string;
  reason: string;
  site: Site;
  remember: boolean;
  redirect_to: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface AuthenticatorsTable {
  member_id: string;
  secret: string;
  created_at: Generated<Date>;
  confirmed_at: Timestamp | null;
  last_used_step: BigIntColumn | null;
}

export interface RecoveryCodesTable {
  id: Generated<string>;
  member_id: string;
  code_hash: string;
  used_at: Timestamp | null;
}

/**
 * The single-use ticket between a right first factor and the next sign-in step: the new-IP
 * step-up (ADR 37) or the authenticator code (ADR 34). Only a SHA-256 of it is stored.
 */
export interface SignInTicketsTable {
  token_hash: string;
  kind: "step_up" | "second_factor";
  member_id: string;
  site: Site;
  remember: boolean;
  redirect_to: string;
  method: string;
  forced_reason: string | null;
  /** Step-up only (and there required): the methods offered, comma-separated. */
  methods: string | null;
  ip: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** A named set of back-office permissions (app/platform/identity/staff-permissions.ts). */
export interface StaffRolesTable {
  id: Generated<string>;
  name: string;
  permissions: string[];
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** An operator account's place in the back office: its role, and whether it is disabled. */
export interface StaffTable {
  member_id: string;
  role_id: string;
  disabled_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

/** ADR 37: the IPs and device cookies a member has passed a sign-in from (looked up by hash). */
export interface KnownSignInsTable {
  id: Generated<string>;
  member_id: string;
  kind: "ip" | "device";
  value_hash: string;
  /** What the security centre's list shows: the IP, or a device's user agent (null before 0043). */
  shown_value: string | null;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface VerificationCodesTable {
  id: Generated<string>;
  purpose: string;
  target: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  image: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface OutboxTable {
  id: Generated<string>;
  channel: "sms" | "email";
  recipient: string;
  subject: string | null;
  body: string;
  purpose: string;
  created_at: Timestamp;
}

export interface RateLimitsTable {
  key: string;
  hits: Generated<number>;
  window_started_at: Timestamp;
  last_hit_at: Timestamp;
  locked_until: Timestamp | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: Timestamp;
  event: string;
  member_id: string | null;
  account: string | null;
  ip: string | null;
  user_agent: string | null;
  detail: Json<Record<string, unknown>>;
  /** Set by the database when the row is sealed (migration 0035): its place and hash in the chain. */
  chain_seq: Generated<string | null>;
  prev_hash: Generated<string | null>;
  hash: Generated<string | null>;
  /** Migration 0036: the staff member who acted and its role then; what it acted on; an edit's before and after; the request. */
  staff_id: string | null;
  staff_role: string | null;
  target_type: string | null;
  target_id: string | null;
  before: Json<Record<string, unknown>> | null;
  after: Json<Record<string, unknown>> | null;
  request_id: string | null;
}

export interface AccountsTable {
  id: Generated<string>;
  member_id: string | null;
  kind: string;
  balance: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  allow_negative: Generated<boolean>;
  created_at: Timestamp;
}

export interface EntriesTable {
  id: Generated<string>;
  idempotency_key: string;
  request_hash: string;
  kind: string;
  member_id: string | null;
  ref: string | null;
  memo: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface PostingsTable {
  id: Generated<string>;
  entry_id: string;
  account_id: string;
  amount: BigIntColumn;
  balance_after: BigIntColumn;
}

export type DepositStatus = "pending" | "confirmed" | "failed" | "cancelled";

export interface DepositsTable {
  id: Generated<string>;
  member_id: string;
  channel: string;
  amount: BigIntColumn;
  status: Generated<DepositStatus>;
  idempotency_key: string;
  gateway_ref: string | null;
  pay_url: string | null;
  failure_reason: string | null;
  entry_id: string | null;
  created_at: Timestamp;
  settled_at: Timestamp | null;
}

export interface PayeeAccountsTable {
  id: Generated<string>;
  member_id: string;
  kind: "bank" | "ewallet";
  provider: string;
  holder_name: string;
  account_number: string;
  /** The number's blind index (migration 0038): how staff find it without opening it. */
  account_number_index: string | null;
  created_at: Timestamp;
  removed_at: Timestamp | null;
}

export type WithdrawalStatus =
  "pending" | "approved" | "rejected" | "paid" | "received" | "disputed" | "refunded";

export interface WithdrawalsTable {
  id: Generated<string>;
  member_id: string;
  payee_account_id: string;
  amount: BigIntColumn;
  status: Generated<WithdrawalStatus>;
  request_entry_id: string;
  settle_entry_id: string | null;
  reject_reason: string | null;
  received_amount: BigIntColumn | null;
  receipt: "member" | "auto" | "forced" | null;
  receipt_note: string | null;
  auto_receive_at: Timestamp | null;
  /** Who approved (or rejected) it; never the one who paid it (migration 0039). */
  decided_by: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
  paid_at: Timestamp | null;
  paid_by: Generated<string | null>;
  /** Who settled a dispute over it, and when (migration 0039). */
  resolved_by: Generated<string | null>;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  confirmed_at: Timestamp | null;
}

export interface WithdrawalProofsTable {
  id: Generated<string>;
  withdrawal_id: string;
  content_type: "image/png" | "image/jpeg";
  size: number;
  bytes: Buffer;
  created_at: Timestamp;
}

export interface MemberMessagesTable {
  id: Generated<string>;
  member_id: string;
  kind: string;
  params: Json<Record<string, string>>;
  created_at: Timestamp;
  read_at: Timestamp | null;
}

export interface BetsTable {
  id: Generated<string>;
  member_id: string;
  vassalage: string;
  round_id: string;
  category: string;
  game_code: string;
  game_name: string;
  stake: BigIntColumn;
  valid_bet: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  payout: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  status: Generated<"open" | "settled" | "void">;
  placed_at: Timestamp;
  settled_at: Timestamp | null;
  node_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The provider's account of the round (lottery ticket, slot outcome …). */
  detail: ColumnType<unknown, string | null | undefined, string | null>;
}

export interface AgentPathsTable {
  ancestor: string;
  descendant: string;
  depth: number;
}

export type ContractKind = "DIVIDEND" | "DAILY" | "HOURLY" | "REALTIME";
export type ContractPeriod = "D" | "W" | "H" | "M";
export type ContractStatus = "offered" | "active" | "rejected" | "terminated" | "withdrawn";

export interface ContractsTable {
  id: Generated<string>;
  kind: ContractKind;
  upline_id: string | null;
  downline_id: string;
  period: ContractPeriod | null;
  terms: Json<Record<string, number>>;
  status: Generated<ContractStatus>;
  offered_at: Timestamp;
  decided_at: Timestamp | null;
  terminated_at: Timestamp | null;
  ended_by: "downline" | "upline" | "replaced" | null;
  replaces_id: string | null;
  settled_until: Timestamp | null;
}

export interface SettlementsTable {
  id: Generated<string>;
  contract_id: string;
  member_id: string;
  kind: ContractKind;
  period_start: Timestamp;
  window_start: Timestamp;
  window_end: Timestamp;
  valid_bet: BigIntColumn;
  profit_loss: BigIntColumn;
  active_members: number;
  base: BigIntColumn;
  amount: BigIntColumn;
  entry_id: string | null;
  settled_at: Generated<Date>;
}

/** A one-time link that sets a staff account's password (0029, 0037): for `member_id`, or the first operator when null. */
export interface StaffSetupTokensTable {
  id: Generated<string>;
  token_hash: string;
  member_id: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

/** A staff note on a member (0045): written once, never changed (a trigger refuses it). */
export interface PlayerNotesTable {
  id: Generated<string>;
  member_id: string;
  body: string;
  staff_id: string;
  /** The writer's role when it wrote the note. */
  staff_role: string;
  created_at: Generated<Date>;
}

/** A tag staff put on a member (0045): the brand's or staff's own, once per member. */
export interface PlayerTagsTable {
  member_id: string;
  tag: string;
  added_by: string;
  added_at: Generated<Date>;
}

export interface DB {
  staff_setup_tokens: StaffSetupTokensTable;
  settings: SettingsTable;
  vendors: VendorsTable;
  games: GamesTable;
  banners: BannersTable;
  announcements: AnnouncementsTable;
  help_articles: HelpArticlesTable;
  members: MembersTable;
  agent_paths: AgentPathsTable;
  contracts: ContractsTable;
  settlements: SettlementsTable;
  sessions: SessionsTable;
  login_handoffs: LoginHandoffsTable;
  pending_password_changes: PendingPasswordChangesTable;
  authenticators: AuthenticatorsTable;
  recovery_codes: RecoveryCodesTable;
  sign_in_tickets: SignInTicketsTable;
  known_sign_ins: KnownSignInsTable;
  staff: StaffTable;
  staff_roles: StaffRolesTable;
  verification_codes: VerificationCodesTable;
  captchas: CaptchasTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  audit_log: AuditLogTable;
  accounts: AccountsTable;
  referrals: ReferralsTable;
  entries: EntriesTable;
  postings: PostingsTable;
  deposits: DepositsTable;
  payee_accounts: PayeeAccountsTable;
  withdrawals: WithdrawalsTable;
  withdrawal_proofs: WithdrawalProofsTable;
  member_messages: MemberMessagesTable;
  bets: BetsTable;
  game_sessions: GameSessionsTable;
  favourites: FavouritesTable;
  provider_transactions: ProviderTransactionsTable;
  fair_seeds: FairSeedsTable;
  game_rounds: GameRoundsTable;
  lottery_draws: LotteryDrawsTable;
  vip_levels: VipLevelsTable;
  vip_rebate_rates: VipRebateRatesTable;
  vip_upgrades: VipUpgradesTable;
  vip_scan: VipScanTable;
  rebate_watermarks: RebateWatermarksTable;
  rebate_claims: RebateClaimsTable;
  promotions: PromotionsTable;
  promotion_entries: PromotionEntriesTable;
  promotion_proofs: PromotionProofsTable;
  bonus_grants: BonusGrantsTable;
  bonus_turnover: BonusTurnoverTable;
  red_envelope_windows: RedEnvelopeWindowsTable;
  missions: MissionsTable;
  mission_claims: MissionClaimsTable;
  mission_scores: MissionScoresTable;
  referral_rewards: ReferralRewardsTable;
  points_ratios: PointsRatiosTable;
  points_conversion: PointsConversionTable;
  mall_items: MallItemsTable;
  redemptions: RedemptionsTable;
  bet_points: BetPointsTable;
  points_sweep: PointsSweepTable;
  protection_limits: ProtectionLimitsTable;
  protection_breaks: ProtectionBreaksTable;
  reality_checks: RealityChecksTable;
  age_checks: AgeChecksTable;
  feedback_threads: FeedbackThreadsTable;
  feedback_answers: FeedbackAnswersTable;
  feedback_images: FeedbackImagesTable;
  event_outbox: EventOutboxTable;
  support_conversations: SupportConversationsTable;
  support_messages: SupportMessagesTable;
  player_notes: PlayerNotesTable;
  player_tags: PlayerTagsTable;
  chat_messages: ChatMessagesTable;
  chat_mutes: ChatMutesTable;
  bet_day_rollups: BetDayRollupsTable;
  event_stream_leases: EventStreamLeasesTable;
  agent_day_rollups: AgentDayRollupsTable;
  manual_adjustments: ManualAdjustmentsTable;
}

/** Staff credits and debits of a member's main balance, under four eyes above a threshold (0046). */
export interface ManualAdjustmentsTable {
  id: Generated<string>;
  member_id: string;
  direction: "credit" | "debit";
  amount: BigIntColumn;
  reason: string;
  note: string;
  request_key: string;
  needs_approval: boolean;
  status: Generated<"pending" | "applied" | "rejected">;
  requested_by: string;
  requested_at: Generated<Date>;
  decided_by: string | null;
  decided_at: Date | null;
  decision_note: string | null;
  entry_id: string | null;
}

export type Game = Selectable<GamesTable>;
export type NewGame = Insertable<GamesTable>;
export type Vendor = Selectable<VendorsTable>;
export type Member = Selectable<MembersTable>;
export type Contract = Selectable<ContractsTable>;
export type Settlement = Selectable<SettlementsTable>;

export type PlayMode = "real" | "demo";

export interface GameSessionsTable {
  id: Generated<string>;
  token_hash: string;
  member_id: string;
  node_id: number;
  vassalage: string;
  category: string;
  provider: string;
  mode: PlayMode;
  language: string;
  demo_balance: ColumnType<
    string | null,
    string | number | bigint | null,
    string | number | bigint | null
  >;
  created_at: Timestamp;
  expires_at: Timestamp;
  /** The sign-in the game was launched from; the game expires when it ends (0031). */
  portal_session_id: string | null;
}

export interface FavouritesTable {
  member_id: string;
  node_id: number;
  created_at: Timestamp;
}

export interface ProviderTransactionsTable {
  provider: string;
  tx_id: string;
  kind: "debit" | "credit" | "rollback";
  member_id: string;
  vassalage: string;
  round_id: string;
  amount: BigIntColumn;
  ref_tx_id: string | null;
  request_hash: string;
  state: Generated<"applied" | "tombstone" | "rolled_back">;
  created_at: Timestamp;
}

export interface FairSeedsTable {
  id: Generated<string>;
  member_id: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: Generated<number>;
  created_at: Timestamp;
  revealed_at: Timestamp | null;
}

export interface GameRoundsTable {
  id: Generated<string>;
  session_id: string;
  member_id: string;
  node_id: number;
  engine: string;
  mode: PlayMode;
  seed_id: string;
  nonce: number;
  stake: BigIntColumn;
  payout: BigIntColumn;
  outcome: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  /** The demo provider's spin key (one round per key and member); null for rounds without one. */
  round_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LotteryDrawsTable {
  game_code: string;
  draw_no: string;
  opens_at: Timestamp;
  closes_at: Timestamp;
  server_seed_hash: string;
  numbers: ColumnType<unknown, string | null | undefined, string | null>;
  drawn_at: Timestamp | null;
  settled_at: Timestamp | null;
}

/** 0007-rebate-vip: a VIP level (0 = no VIP) with its thresholds, bonus and withdraw limits. */
export interface VipLevelsTable {
  level: number;
  names: Json<Record<string, string>>;
  min_deposits: BigIntColumn;
  min_valid_bets: BigIntColumn;
  upgrade_bonus: BigIntColumn;
  withdraw_daily_count: number | null;
  withdraw_max: BigIntColumn | null;
  updated_at: Timestamp;
}

export interface VipRebateRatesTable {
  level: number;
  category: string;
  /** Basis points of valid bet (10000 = 100 %). */
  rate_bps: number;
}

export interface VipUpgradesTable {
  member_id: string;
  level: number;
  bonus: BigIntColumn;
  entry_id: string | null;
  upgraded_at: Timestamp;
}

export interface VipScanTable {
  singleton: Generated<boolean>;
  scanned_until: Timestamp | null;
}

export interface RebateWatermarksTable {
  member_id: string;
  cut_off: Timestamp;
  last_claim_at: Timestamp;
}

export interface RebateClaimsTable {
  id: Generated<string>;
  member_id: string;
  form_key: string;
  vip_level: number;
  window_start: Timestamp;
  cut_off: Timestamp;
  valid_bet: BigIntColumn;
  amount: BigIntColumn;
  detail: Json<RebateLine[]>;
  entry_id: string;
  claimed_at: Timestamp;
}

/** One category of a rebate: valid bet in the window, the level's rate, what it pays (minor units as text). */
export interface RebateLine {
  category: string;
  validBet: string;
  rateBps: number;
  amount: string;
}

type OptionalBigInt = ColumnType<
  string | null,
  string | number | bigint | null | undefined,
  string | number | bigint | null
>;
type OptionalNumber = ColumnType<number | null, number | null | undefined, number | null>;

/** Rewards (0006-rewards): see app/platform/rewards/promotion-types.ts for the value sets. */
export interface PromotionsTable {
  id: Generated<string>;
  code: string;
  category: string;
  kind: string;
  claim_mode: string;
  titles: Json<Record<string, string>>;
  rules_html: Json<Record<string, string>>;
  registered_within_days: OptionalNumber;
  vip_min: Generated<number>;
  vip_max: OptionalNumber;
  min_deposits: Generated<number>;
  max_deposits: OptionalNumber;
  shows_from: Timestamp | null;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  time_zone: string;
  period: Generated<string>;
  reward_fixed: OptionalBigInt;
  reward_bps: OptionalNumber;
  reward_cap: OptionalBigInt;
  min_deposit: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  turnover_multiple: Generated<number>;
  turnover_base: Generated<string>;
  contributions: Json<Record<string, number>>;
  contribution_default: Generated<number>;
  max_bet: OptionalBigInt;
  max_bet_rule: Generated<string>;
  expiry_hours: OptionalNumber;
  withdrawal_rule: Generated<string>;
  envelope_budget: OptionalBigInt;
  envelope_min: OptionalBigInt;
  envelope_max: OptionalBigInt;
  paid_until: Timestamp | null;
  status: Generated<string>;
  sort: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Referral rules (0012-referral-rewards): the friend's valid bets and the shared-IP window. */
  referral_min_valid_bet: OptionalBigInt;
  referral_ip_window_hours: OptionalNumber;
}

export interface PromotionEntriesTable {
  id: Generated<string>;
  promotion_id: string;
  member_id: string;
  period_key: string;
  state: string;
  amount: OptionalBigInt;
  deposit_id: string | null;
  comment: string | null;
  reject_reason: string | null;
  decided_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PromotionProofsTable {
  id: Generated<string>;
  entry_id: string;
  content_type: "image/png" | "image/jpeg";
  size: number;
  bytes: Buffer;
  created_at: Timestamp;
}

export interface BonusGrantsTable {
  id: Generated<string>;
  entry_id: string;
  member_id: string;
  promotion_id: string;
  amount: BigIntColumn;
  turnover_required: BigIntColumn;
  turnover_done: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
  contributions: Json<Record<string, number>>;
  contribution_default: number;
  max_bet: OptionalBigInt;
  max_bet_rule: string;
  withdrawal_rule: string;
  status: string;
  issue_entry_id: string;
  settle_entry_id: string | null;
  issued_at: Timestamp;
  expires_at: Timestamp | null;
  settled_at: Timestamp | null;
}

export interface BonusTurnoverTable {
  grant_id: string;
  bet_id: string;
  counted: BigIntColumn;
}

export interface RedEnvelopeWindowsTable {
  promotion_id: string;
  window_key: string;
  budget: BigIntColumn;
  paid: ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
}

export interface MissionsTable {
  id: Generated<string>;
  code: string;
  names: Json<Record<string, string>>;
  descriptions: Json<Record<string, string>>;
  period: "D" | "W" | "once";
  condition: "deposit" | "valid_bet" | "distinct_games" | "login_days" | "referred_depositors";
  category: string | null;
  target: BigIntColumn;
  reward_kind: "cash" | "points";
  reward_amount: BigIntColumn;
  turnover_multiple: Generated<number>;
  mission_points: Generated<number>;
  enabled: Generated<boolean>;
  sort: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MissionClaimsTable {
  id: Generated<string>;
  mission_id: string;
  member_id: string;
  period_key: string;
  form_key: string;
  progress: BigIntColumn;
  target: BigIntColumn;
  reward_kind: "cash" | "points";
  reward_amount: BigIntColumn;
  turnover_multiple: number;
  mission_points: number;
  ledger_entry_id: string;
  claimed_at: Timestamp;
}

export interface MissionScoresTable {
  week_key: string;
  member_id: string;
  points: BigIntColumn;
  reached_at: Timestamp;
}

/** A friend's referral reward (0012-referral-rewards); no row: still waiting. */
export interface ReferralRewardsTable {
  friend_id: string;
  referrer_id: string;
  promotion_id: string;
  status: "held" | "paid" | "rejected";
  amount: BigIntColumn;
  hold_reason: "same_ip" | null;
  entry_id: string | null;
  qualified_at: Timestamp;
  decided_at: Timestamp | null;
  decided_by: string | null;
}

/** 0010-points-mall: the brand's points ratios and rate, the goods, redemptions, counted bets. */
export interface PointsRatiosTable {
  product: string;
  /** `points` points per `per_minor` minor units of deposit or valid bet, rounded down. */
  points: number;
  per_minor: BigIntColumn;
  updated_at: Timestamp;
}

export interface PointsConversionTable {
  singleton: Generated<boolean>;
  points: number;
  cash: BigIntColumn;
  min_points: BigIntColumn;
  step_points: BigIntColumn;
  updated_at: Timestamp;
}

export interface MallItemsTable {
  id: Generated<string>;
  name: string;
  icon: string;
  kind: "physical" | "virtual";
  points_price: BigIntColumn;
  amount_requirement: BigIntColumn;
  cash_value: BigIntColumn;
  stock: number;
  enabled: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type RedemptionStatus = "process" | "rejected" | "approved" | "complete";

export interface RedemptionsTable {
  id: Generated<string>;
  member_id: string;
  item_id: string;
  quantity: number;
  points: BigIntColumn;
  status: RedemptionStatus;
  form_key: string;
  spend_entry_id: string;
  settle_entry_id: string | null;
  reject_reason: string | null;
  decided_by: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
}

export interface BetPointsTable {
  bet_id: string;
  member_id: string;
  product: string;
  valid_bet: BigIntColumn;
  counted_at: Timestamp;
}

export interface PointsSweepTable {
  singleton: Generated<boolean>;
  swept_until: Timestamp;
}

export interface ProtectionBreaksTable {
  id: Generated<string>;
  member_id: string;
  kind: "time_out" | "exclusion";
  starts_at: Timestamp;
  ends_at: Timestamp;
  source: "member" | "operator";
  created_by: string;
  reopen_requested_at: Timestamp | null;
}

/** 0013-protection-limits: a member's deposit, loss and wager limits and their pending raises (ADR 20). */
export interface ProtectionLimitsTable {
  member_id: string;
  kind: "deposit" | "loss" | "wager";
  period: "day" | "week" | "month";
  amount: BigIntColumn | null;
  pending_amount: BigIntColumn | null;
  pending_since: Timestamp | null;
  updated_at: Timestamp;
}

/** A member's reality-check choices and last answer (0015-reality-checks); no row: the brand's defaults. */
export interface RealityChecksTable {
  member_id: string;
  /** Minutes between reminders, 0 = off, null = the brand's default. */
  interval_minutes: number | null;
  session_limit_minutes: number | null;
  answered_session_id: string | null;
  answered_at: Timestamp | null;
  session_ended_at: Timestamp | null;
  updated_at: Timestamp;
}

/** 0016-age-checks: a member's request to have a birthday verified with an ID document's photo. */
export interface AgeChecksTable {
  id: Generated<string>;
  member_id: string;
  /** yyyy-MM-dd. */
  birthday: string;
  content_type: "image/png" | "image/jpeg";
  size: number;
  bytes: Buffer;
  status: Generated<"pending" | "verified" | "rejected">;
  reason: string | null;
  decided_by: string | null;
  created_at: Timestamp;
  decided_at: Timestamp | null;
}

/** A member's feedback (0018-feedback): question type and content, then the operators' answers. */
export interface FeedbackThreadsTable {
  id: Generated<string>;
  member_id: string;
  question_type: "deposit" | "withdrawal" | "game" | "service" | "application" | "other";
  content: string;
  status: Generated<"open" | "answered" | "closed">;
  created_at: Timestamp;
  answered_at: Timestamp | null;
  closed_at: Timestamp | null;
  closed_by: string | null;
}

export interface FeedbackAnswersTable {
  id: Generated<string>;
  thread_id: string;
  operator_id: string;
  body: string;
  created_at: Timestamp;
}

/** Up to 3 png/jpg images of a feedback, typed by their bytes at upload. */
export interface FeedbackImagesTable {
  id: Generated<string>;
  thread_id: string;
  content_type: "image/png" | "image/jpeg";
  size: number;
  bytes: Buffer;
}

export interface EventOutboxTable {
  id: Generated<string>;
  member_id: string | null;
  topic: string | null;
  type: string;
  data: Json<unknown>;
  created_at: Timestamp;
}

/** A member's one support conversation (issue 16); unread counts on both sides. */
export interface SupportConversationsTable {
  id: Generated<string>;
  member_id: string;
  status: Generated<"open" | "closed">;
  member_unread: Generated<number>;
  ops_unread: Generated<number>;
  last_member_message_at: Timestamp | null;
  last_message_at: Timestamp;
  closed_at: Timestamp | null;
  closed_by: string | null;
}

export interface SupportMessagesTable {
  id: Generated<string>;
  conversation_id: string;
  author: "member" | "operator";
  operator_id: string | null;
  body: string;
  created_at: Timestamp;
}

/** A chat room's message (0020-chat-rooms): `lobby` or `table-<node id>`; deleted ones keep their row. */
export interface ChatMessagesTable {
  id: Generated<string>;
  room: string;
  member_id: string;
  body: string;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
  deleted_by: string | null;
}

/** A member an operator muted in every room until `until`. */
export interface ChatMutesTable {
  member_id: string;
  until: Timestamp;
  muted_by: string;
  created_at: Timestamp;
}

/** A member's non-void bets of one day (placed, brand time zone) and category, kept by triggers on bets (0024-bet-day-rollups). */
export interface BetDayRollupsTable {
  member_id: string;
  day: ColumnType<string, string, string>;
  category: string;
  bet_count: BigIntColumn;
  stake: BigIntColumn;
  valid_bet: BigIntColumn;
  payout: BigIntColumn;
  /** payout − stake of the settled bets among them. */
  settled_profit: BigIntColumn;
}

/** An open event stream's claim on one of its session's slots (0022-event-stream-leases). */
export interface EventStreamLeasesTable {
  stream_id: string;
  session_id: string;
  process_id: string;
  expires_at: Timestamp;
}

/** An agent's downline's non-void bets of one day (brand zone), split in stripes by member id; kept from bet_day_rollups and agent_paths by triggers (0026-agent-day-rollups). */
export interface AgentDayRollupsTable {
  agent_id: string;
  day: ColumnType<string, string, string>;
  stripe: number;
  bet_count: BigIntColumn;
  stake: BigIntColumn;
  valid_bet: BigIntColumn;
  payout: BigIntColumn;
  settled_profit: BigIntColumn;
}
