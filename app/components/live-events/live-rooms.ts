import { createContext, useContext, useEffect, useRef } from "react";
import type { LiveEventData } from "~/platform/events/types";

export type RoomEvent =
  | { type: "chat_message"; data: LiveEventData["chat_message"] }
  | { type: "chat_deleted"; data: LiveEventData["chat_deleted"] };

type Follow = (room: string, listener: (event: RoomEvent) => void) => () => void;

/** How a chat room asks the member's one stream to follow it (the stream reopens with `?rooms=`). */
export const LiveRoomsContext = createContext<Follow | null>(null);

/** Follows a chat room while mounted (JavaScript only); `onEvent` gets its messages and deletions. */
export function useLiveRoom(room: string, onEvent: (event: RoomEvent) => void) {
  const follow = useContext(LiveRoomsContext);
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => follow?.(room, (event) => latest.current(event)), [follow, room]);
}
