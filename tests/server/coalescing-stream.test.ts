import { describe, expect, it } from "vitest";
import { coalescingStream } from "~/server/coalescing-stream.server";

describe("a rendered document's chunks, joined per turn of the event loop", () => {
  it("passes what was written in one turn on as one chunk, and a later write on its own", async () => {
    const stream = coalescingStream();
    const out: string[] = [];
    stream.on("data", (chunk: Buffer) => out.push(chunk.toString()));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    for (const piece of ["<html>", "<head>", "</head>", "<body>"]) stream.write(Buffer.from(piece));
    await new Promise((resolve) => setTimeout(resolve, 5));
    stream.write(Buffer.from("<p>later</p>"));
    stream.end(Buffer.from("</body></html>"));
    await ended;
    expect(out).toEqual(["<html><head></head><body>", "<p>later</p></body></html>"]);
  });

  it("loses nothing of a large document", async () => {
    const stream = coalescingStream();
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    const pieces = Array.from({ length: 100 }, (_, i) => `<div>${i} ہیلو 😀</div>`);
    for (const piece of pieces) stream.write(Buffer.from(piece));
    stream.end();
    await ended;
    expect(Buffer.concat(chunks).toString()).toBe(pieces.join(""));
    expect(chunks.length).toBe(1);
  });
});
