import { createContext, useContext } from "react";

interface RequestContextValue {
  /** The per-request CSP nonce; empty in the browser, which hides nonces from the DOM anyway. */
  nonce: string;
  /** The id in the request's log lines, shown with "Unknown error". */
  requestId: string;
}

const RequestContext = createContext<RequestContextValue>({ nonce: "", requestId: "" });
export const RequestContextProvider = RequestContext.Provider;
export const useNonce = () => useContext(RequestContext).nonce;
export const useRequestId = () => useContext(RequestContext).requestId;
