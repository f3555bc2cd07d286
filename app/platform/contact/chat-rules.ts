/**
 * The chat room rules that need no database (issue 16): which rooms exist by
 * name, a message's length after trimming, and the brand's word list.
 * Shared with the browser, which checks the length before posting.
 */
export const CHAT_MAX_CHARS = 200;
/** One message per this many milliseconds per member. */
export const CHAT_GAP_MS = 2000;
/** How many messages a room shows (server-rendered, then appended live). */
export const CHAT_PAGE = 50;
/** How many rooms one event stream may follow. */
export const CHAT_ROOMS_PER_STREAM = 3;
export const LOBBY_ROOM = "lobby";

/** `lobby` or `table-<node id>` (a live table or PVP room). */
const ROOM = /^(lobby|table-[1-9][0-9]{0,8})$/;
export const isRoomName = (room: string) => ROOM.test(room);
export const tableRoom = (nodeId: number) => `table-${nodeId}`;
/** The node id of a table room, null for the lobby. */
export const roomNodeId = (room: string) =>
  room.startsWith("table-") ? Number(room.slice("table-".length)) : null;
/** The event topic of a room. */
export const roomTopic = (room: string) => `room:${room}`;

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The first blocked word the text contains as a whole word (any case, letters
 * of any script: "Scam!" matches "scam", "scampi" does not), or null.
 */
export function blockedWordIn(text: string, blockedWords: readonly string[]): string | null {
  for (const word of blockedWords) {
    const pattern = new RegExp(
      `(?<![\\p{L}\\p{N}_])${escapeRegExp(word)}(?![\\p{L}\\p{N}_])`,
      "iu",
    );
    if (pattern.test(text)) return word;
  }
  return null;
}
