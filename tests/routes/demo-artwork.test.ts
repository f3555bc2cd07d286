import { inflateSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { routeArgs, thrownResponse } from "../helpers/routes";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function gameArt(file: string) {
  const { loader } = await import("~/routes/resources+/icons.game.$file");
  const url = `/resources/icons/game/${file}`;
  return loader({ ...routeArgs(url), params: { file } });
}

/** Width, height, colour type and the RGBA pixel at (x, y) of an unfiltered PNG. */
function readPixel(png: Buffer, x: number, y: number) {
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  let at = 8;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    if (png.toString("ascii", at + 4, at + 8) === "IDAT")
      idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const row = y * (1 + width * 4);
  expect(raw[row]).toBe(0); // no filter
  const pixel = [...raw.subarray(row + 1 + x * 4, row + 1 + x * 4 + 4)];
  return { width, height, colourType: png[25], pixel };
}

describe("the demo catalog's game artwork", () => {
  test("is a 160 px PNG, cached for good, with transparent rounded corners and a white emblem", async () => {
    const response = await gameArt("106941.png");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const png = Buffer.from(await response.arrayBuffer());
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    const corner = readPixel(png, 0, 0);
    expect(corner).toMatchObject({ width: 160, height: 160, colourType: 6 });
    expect(corner.pixel[3]).toBe(0);
    // The emblem's centre is white and opaque; the tile's edge is the gradient.
    expect(readPixel(png, 80, 72).pixel).toEqual([255, 255, 255, 255]);
    const edge = readPixel(png, 80, 2).pixel;
    expect(edge[3]).toBe(255);
    expect(Math.min(edge[0]!, edge[1]!, edge[2]!)).toBeLessThan(200);
  });

  test("is drawn from the game's id: the same id the same bytes, another id another tile", async () => {
    const first = Buffer.from(await (await gameArt("106941.png")).arrayBuffer());
    const again = Buffer.from(await (await gameArt("106941.png")).arrayBuffer());
    const other = Buffer.from(await (await gameArt("108314.png")).arrayBuffer());
    expect(again.equals(first)).toBe(true);
    expect(other.equals(first)).toBe(false);
  });

  test("answers 404 for anything but <id>.png, the old .svg address included", async () => {
    for (const file of ["106941.svg", "abc.png", "106941.png.exe", "12345678901.png"]) {
      expect((await thrownResponse(gameArt(file))).status, file).toBe(404);
    }
  });
});
