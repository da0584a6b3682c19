import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { crc32 } from "node:zlib";
import { svgToPng } from "../../src/platform/rasterize.ts";
import { CARD_TEXT_KEYWORD, cardSvg } from "../../src/stats/render-card.ts";
import { statsReportSchema } from "../../src/stats/schema.ts";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";
import { seedMixedHistory } from "../helpers/seed.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

interface Chunk {
  type: string;
  data: Buffer;
}

/** Walks a PNG and checks what a decoder checks: signature, lengths, every CRC. */
function pngChunks(png: Buffer): Chunk[] {
  expect([...png.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const chunks: Chunk[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString("latin1");
    const data = png.subarray(at + 8, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    chunks.push({ type, data });
    at += 12 + length;
  }
  expect(chunks[0]!.type).toBe("IHDR");
  expect(chunks.at(-1)!.type).toBe("IEND");
  return chunks;
}

function embeddedText(chunks: Chunk[], keyword: string): string | null {
  for (const { type, data } of chunks) {
    if (type !== "iTXt") continue;
    const end = data.indexOf(0);
    if (data.subarray(0, end).toString("latin1") !== keyword) continue;
    // keyword NUL, compression flag, method, language NUL, translated keyword NUL, text
    const language = data.indexOf(0, end + 3);
    const translated = data.indexOf(0, language + 1);
    return data.subarray(translated + 1).toString("utf8");
  }
  return null;
}

describe("omni stats --card", () => {
  test("writes a valid PNG of the --share lines with the same text embedded", async () => {
    sandbox = makeSandbox();
    seedMixedHistory(sandbox);
    const path = join(sandbox.home, "card.png");
    const written = runOmni(["stats", "--card", path], { env: sandbox.env });
    expect(written.exitCode).toBe(0);
    expect(written.stdout.toString()).toBe(`wrote ${path}\n`);
    const png = readFileSync(path);
    const chunks = pngChunks(png);
    expect(chunks[0]!.data.readUInt32BE(0)).toBe(1200);

    const share = runOmni(["stats", "--share"], { env: sandbox.env }).stdout.toString();
    expect(share).toContain("model-facing calls");
    expect(embeddedText(chunks, CARD_TEXT_KEYWORD)).toBe(share);

    // The pixels are the SVG of the same report: rendering it again gives the same image.
    const report = statsReportSchema.parse(JSON.parse(runOmni(["stats", "--json"], { env: sandbox.env }).stdout.toString()));
    const again = pngChunks(Buffer.from(await svgToPng(cardSvg(report))));
    const pixels = (list: Chunk[]) => Buffer.concat(list.filter((c) => c.type === "IDAT").map((c) => c.data));
    expect(pixels(chunks).equals(pixels(again))).toBe(true);
  }, 60_000);

  test("svg escapes what the database says and draws every share line", () => {
    sandbox = makeSandbox();
    const report = statsReportSchema.parse(JSON.parse(runOmni(["stats", "--json"], { env: sandbox.env }).stdout.toString()));
    const svg = cardSvg({
      ...report,
      agents: [
        {
          ...report.agents[0]!,
          agent_id: "<a&b>",
          model_facing: true,
          share_percent: 100,
          calls: 1,
          input_bytes: 1,
          delivered_bytes: 1,
          bytes_saved: 0,
          saved_percent: 0,
        },
      ],
    });
    expect(svg).toContain("&#60;a&#38;b&#62;");
    expect(svg).not.toContain("<a&b>");
    expect(svg.match(/<text /g)).toHaveLength(6);
  });
});
