import { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import {
  DATA_REQUEST_HEADER,
  isDocumentRequest,
  stampDataRequest,
} from "~/server/data-request.server";

/** A request as Node's HTTP server hands it over, before Remix reads it. */
function arrived(url: string, headers: Record<string, string> = {}) {
  const message = new IncomingMessage(new Socket());
  message.url = url;
  message.headers = { ...headers };
  return message;
}

describe("Remix's data requests told from document requests", () => {
  it("the server's stamp says what the raw URL says, whatever the client sent under its name", () => {
    for (const [url, stamp] of [
      ["/", "0"],
      ["/pvp?vassalage=KY", "0"],
      ["/pvp?_data=root", "1"],
      ["/pvp?page=2&_data=routes%2F_portal%2B%2Fpvp", "1"],
    ] as const) {
      const message = arrived(url, { [DATA_REQUEST_HEADER]: stamp === "1" ? "0" : "1" });
      stampDataRequest(message);
      expect(message.headers[DATA_REQUEST_HEADER], url).toBe(stamp);
    }
  });

  it("a stamped GET is a document request whatever its Accept, unless stamped as data", () => {
    for (const accept of ["text/html", "*/*", ""]) {
      const page = new Request("http://localhost/", {
        headers: { Accept: accept, [DATA_REQUEST_HEADER]: "0" },
      });
      const data = new Request("http://localhost/", {
        headers: { Accept: accept, [DATA_REQUEST_HEADER]: "1" },
      });
      expect(isDocumentRequest(page), accept).toBe(true);
      expect(isDocumentRequest(data), accept).toBe(false);
    }
  });

  it("without a stamp (no HTTP server in between), only an Accept naming text/html is a document", () => {
    const get = (accept: string) =>
      isDocumentRequest(new Request("http://localhost/", { headers: { Accept: accept } }));
    expect(get("text/html,application/xhtml+xml")).toBe(true);
    expect(get("*/*")).toBe(false);
    expect(isDocumentRequest(new Request("http://localhost/", { method: "POST" }))).toBe(false);
  });
});
