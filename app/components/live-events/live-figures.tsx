import { createContext, useContext } from "react";

/**
 * Figures the event channel has news of before the loaders do: MAIN's
 * balance from a `balance` event, shown until the next loader answer.
 */
export interface LiveFigures {
  balance: string | null;
}

export const LiveFiguresContext = createContext<LiveFigures>({ balance: null });

/** The header's balance: the live one when an event brought it, else the loader's. */
export function useLiveBalance(fromLoader: string): string {
  return useContext(LiveFiguresContext).balance ?? fromLoader;
}
