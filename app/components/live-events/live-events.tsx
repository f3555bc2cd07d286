import { useLocation, useRevalidator } from "@remix-run/react";
import { startTransition, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { LIVE_EVENT_TYPES, type LiveEventData, type LiveEventType } from "~/platform/events/types";
import { useTranslation } from "~/utils/i18n";
import { moneyFormatter, toastText } from "./event-toast";
import { LiveFiguresContext } from "./live-figures";
import { LiveRoomsContext, type RoomEvent } from "./live-rooms";

const TOAST_MS = 8000;
/** Several events of one change (balance, deposit, message) cost one revalidation. */
const REVALIDATE_AFTER_MS = 150;
/** Events that change what a page shows beyond the header balance. */
const REVALIDATES: ReadonlySet<LiveEventType> = new Set([
  "deposit",
  "withdrawal",
  "message",
  "announcement",
  "signed_out",
  "support_message",
]);
const LOTTERY_PAGE = /lott|lottery/i;

interface Toast {
  id: string;
  text: string;
}

/**
 * The member's live event channel (issue 16, ADR 22), with JavaScript only:
 * one EventSource per page (the browser reconnects with Last-Event-ID), the
 * header balance updated from `balance` events, a toast in a polite live
 * region, and the page's loaders revalidated when an event changed what they
 * show. Without JavaScript nothing opens and pages show figures as loaded.
 */
export function LiveEvents({
  memberId,
  loaderBalance,
  currency,
  locale,
  chatOnly = false,
  children,
}: {
  memberId: string | null;
  /** The balance the loaders last gave: a live one is dropped when this changes. */
  loaderBalance: string | null;
  currency: { symbol: string; minorUnits: number };
  locale: string;
  /**
   * Only the chat rooms' messages: a page framed inside the portal (a table
   * game's chat panel), whose layout already toasts and revalidates for the member.
   */
  chatOnly?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  // Every update below is a transition: an event may arrive while a Suspense boundary of the
  // page is still hydrating, and an urgent update there is React's error 421.
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  // A live balance holds until the loaders answer with another one than it was based on.
  const [live, setLive] = useState<{
    balance: string;
    basedOn: string | null;
    memberId: string | null;
  } | null>(null);
  const balance =
    live && live.basedOn === loaderBalance && live.memberId === memberId ? live.balance : null;
  const [toasts, setToasts] = useState<Toast[]>([]);
  // The rooms the open stream follows ("" for none), null while it is not connected.
  const [connected, setConnected] = useState<string | null>(null);
  // The chat rooms open on the page: the stream follows their topics too, and hands them their events.
  const roomListeners = useRef(new Map<string, Set<(event: RoomEvent) => void>>());
  const [rooms, setRooms] = useState("");
  const lastEventId = useRef<{ memberId: string; id: string } | null>(null);
  const followRoom = useCallback((room: string, listener: (event: RoomEvent) => void) => {
    const listeners = roomListeners.current;
    const update = () => startTransition(() => setRooms([...listeners.keys()].sort().join(",")));
    let set = listeners.get(room);
    if (!set) listeners.set(room, (set = new Set()));
    set.add(listener);
    update();
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(room);
      update();
    };
  }, []);

  // The stream lives as long as the member does; what handles an event reads the latest render.
  const current = {
    t,
    revalidator,
    pathname,
    loaderBalance,
    money: moneyFormatter(currency, locale),
  };
  const latest = useRef(current);
  useEffect(() => {
    latest.current = current;
  });

  useEffect(() => {
    if (!memberId || typeof EventSource === "undefined" || (chatOnly && !rooms)) return;
    const query = new URLSearchParams();
    if (rooms) query.set("rooms", rooms);
    // A stream reopened for another room carries on after the last event this page had.
    if (lastEventId.current?.memberId === memberId) query.set("after", lastEventId.current.id);
    const search = query.toString();
    const source = new EventSource(`/resources/events${search ? `?${search}` : ""}`);
    source.addEventListener("open", () => startTransition(() => setConnected(rooms)));
    source.addEventListener("error", () => startTransition(() => setConnected(null)));
    const timers = new Set<ReturnType<typeof setTimeout>>();
    let revalidateTimer: ReturnType<typeof setTimeout> | null = null;
    const revalidate = () => {
      revalidateTimer ??= setTimeout(() => {
        revalidateTimer = null;
        startTransition(() => latest.current.revalidator.revalidate());
      }, REVALIDATE_AFTER_MS);
    };
    const toast = (id: string, text: string) => {
      startTransition(() => setToasts((shown) => [...shown.slice(-2), { id, text }]));
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((shown) => shown.filter((item) => item.id !== id));
      }, TOAST_MS);
      timers.add(timer);
    };
    const handle = <T extends LiveEventType>(type: T, id: string, data: LiveEventData[T]) => {
      const { t, money, pathname, loaderBalance } = latest.current;
      if (type === "chat_message" || type === "chat_deleted") {
        const event = { type, data } as RoomEvent;
        for (const listener of roomListeners.current.get(event.data.room) ?? []) listener(event);
        return;
      }
      if (chatOnly) return;
      if (type === "balance") {
        const { main } = data as LiveEventData["balance"];
        if (main !== null)
          startTransition(() => setLive({ balance: main, basedOn: loaderBalance, memberId }));
        return;
      }
      if (type === "lottery_draw" && !LOTTERY_PAGE.test(pathname)) return;
      const text = toastText(t, money, type, data);
      if (text) toast(id, text);
      if (REVALIDATES.has(type) || type === "lottery_draw") revalidate();
    };
    for (const type of LIVE_EVENT_TYPES) {
      source.addEventListener(type, (event) => {
        const message = event as MessageEvent<string>;
        if (message.lastEventId) lastEventId.current = { memberId, id: message.lastEventId };
        handle(type, message.lastEventId, JSON.parse(message.data) as LiveEventData[typeof type]);
      });
    }
    source.addEventListener("revalidate", revalidate);
    return () => {
      source.close();
      // A signed-out page (or another member's) keeps none of this member's toasts.
      startTransition(() => {
        setToasts([]);
        setConnected(null);
      });
      for (const timer of timers) clearTimeout(timer);
      if (revalidateTimer) clearTimeout(revalidateTimer);
    };
  }, [memberId, rooms, chatOnly]);

  return (
    <LiveFiguresContext.Provider value={{ balance }}>
      <LiveRoomsContext.Provider value={followRoom}>{children}</LiveRoomsContext.Provider>
      <div
        className="live-toasts"
        role="status"
        aria-live="polite"
        data-testid="live-toasts"
        data-connected={connected !== null}
        data-rooms={connected ?? undefined}
      >
        {toasts.map((item) => (
          <p key={item.id} className="live-toast">
            {item.text}
          </p>
        ))}
      </div>
    </LiveFiguresContext.Provider>
  );
}
