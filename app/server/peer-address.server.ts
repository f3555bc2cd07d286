import { Server, type IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { stampDataRequest } from "./data-request.server";

/**
 * The address of the peer a request came from (the socket's remote address), which a
 * Remix `Request` does not carry. Every request through remix-serve's HTTP server gets it
 * in this header, set here and so never taken from the client: whatever a client sends
 * under this name is overwritten before Remix reads the headers.
 */
export const PEER_ADDRESS_HEADER = "x-portal-peer-address";

let installed = false;

/**
 * Installed once, by entry.server.tsx, when the build loads (before the first request).
 * The same hook stamps whether the request is one of Remix's data requests (data-request.server.ts).
 */
export function installPeerAddress() {
  if (installed) return;
  installed = true;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function emitWithPeer(
    this: Server,
    event: string | symbol,
    ...args: unknown[]
  ) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[PEER_ADDRESS_HEADER] = request.socket?.remoteAddress ?? "";
      stampDataRequest(request);
    }
    return emit.call(this, event, ...args);
  } as typeof Server.prototype.emit;
}

/** The peer's address of a request, IPv4 addresses without their IPv6 mapping; null when unknown. */
export function peerAddress(request: Request): string | null {
  const raw = request.headers.get(PEER_ADDRESS_HEADER)?.trim() ?? "";
  const address = raw.startsWith("::ffff:") && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
  return isIP(address) ? address : null;
}
