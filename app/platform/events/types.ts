/**
 * Every live event the portal sends (issue 16, ADR 22) and its payload: the
 * one list the producers, the stream and the browser share. Amounts are
 * minor units as strings, as the ledger keeps them.
 */
export interface LiveEventData {
  /** A ledger entry touched the member; `main` is MAIN's balance after it when the entry moved MAIN. */
  balance: { main: string | null };
  /** A platform message arrived; `unread` counts the member's unread messages after it. */
  message: { kind: string; unread: number };
  deposit: { status: "credited" | "failed"; amount: string };
  withdrawal: { status: "approved" | "rejected" | "paid"; amount: string };
  /** Topic `lottery`: a draw's numbers are out. */
  lottery_draw: { game: string; draw: string; numbers: number[] };
  /** Topic `announcements`. */
  announcement: { id: string };
  /** The member's sessions were ended: every stream checks its own and closes when it is gone. */
  signed_out: {
    reason: "signed_out" | "password_changed" | "contact_changed" | "break" | "session_limit";
  };
  /** An operator answered the member's support conversation; `unread` is the member's count after it. */
  support_message: { unread: number };
  /** Topic `room:<room>`: a chat message posted; `author` is the masked account or the nickname. */
  chat_message: { id: string; room: string; author: string; text: string; at: string };
  /** Topic `room:<room>`: an operator deleted a message; open rooms drop it. */
  chat_deleted: { id: string; room: string };
  /** Topic `content`: what visitors' pages show changed; every process drops its page cache. */
  content_changed: { kind: "banners" | "games" | "brand" | "promotions" | "help" };
  /** Topic `ops:support`: a member wrote to support; the operators' screens re-read the queue. */
  support_queue: { conversationId: string };
  /**
   * Topic `ops:queues`: an item joined or left one of the queues the staff home counts
   * (a member asked, an operator decided); the home re-reads its counts.
   */
  ops_queue: { queue: OpsQueueName };
}

/** The queues whose changes `ops_queue` announces (the staff home's cards by their screen). */
export type OpsQueueName =
  | "withdrawals"
  | "promotion_applications"
  | "points_redemptions"
  | "age_checks"
  | "feedback"
  | "adjustments";

export type LiveEventType = keyof LiveEventData;

/** Process-to-process only: no browser stream follows the `content` topic. */
export type ContentKind = LiveEventData["content_changed"]["kind"];

export const LIVE_EVENT_TYPES: readonly LiveEventType[] = [
  "balance",
  "message",
  "deposit",
  "withdrawal",
  "lottery_draw",
  "announcement",
  "signed_out",
  "support_message",
  "chat_message",
  "chat_deleted",
  "support_queue",
  "ops_queue",
];

/** Topics every signed-in member's stream follows; a chat room adds its own (`room:<id>`). */
export const MEMBER_TOPICS = ["lottery", "announcements"] as const;

/** Topics only operators' streams may follow (an ops session; a member asking is refused). */
export const OPS_TOPICS = ["ops:support", "ops:queues"] as const;
export const isOpsTopic = (topic: string): topic is (typeof OPS_TOPICS)[number] =>
  (OPS_TOPICS as readonly string[]).includes(topic);

export type Audience = { memberId: string } | { topic: string };

export interface LiveEvent<T extends LiveEventType = LiveEventType> {
  /** The outbox id: the SSE event id a reconnecting stream sends back as Last-Event-ID. */
  id: string;
  audience: Audience;
  type: T;
  data: LiveEventData[T];
}
