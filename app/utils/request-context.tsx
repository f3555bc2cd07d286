import { createContext, useContext } from "react";

interface RequestContextValue {
  /** The per-request CSP nonce; empty in the browser, which hides nonces from the DOM anyway. */
  nonce: string;
  /** The id in the request's log lines, shown with "Unknown error". */
  requestId: string;
  /** The app stylesheet's text, inlined in the head (ADR 27); absent outside the server's render. */
  css?: string;
}

const RequestContext = createContext<RequestContextValue>({ nonce: "", requestId: "" });
export const RequestContextProvider = RequestContext.Provider;
export const useNonce = () => useContext(RequestContext).nonce;
export const useRequestId = () => useContext(RequestContext).requestId;
export const useInlineCss = () => useContext(RequestContext).css;
