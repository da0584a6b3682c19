/**
 * `omni stats --card`: the share lines drawn as an SVG, rasterised to PNG, with the same text
 * embedded in an iTXt chunk so anyone (and the tests) can read back exactly what the image says.
 */
import { crc32 } from "node:zlib";
import { shareLines } from "./render-share.ts";
import type { StatsReport } from "./schema.ts";

export const CARD_TEXT_KEYWORD = "omni-share";
const WIDTH_PX = 1200;
const LINE_HEIGHT_PX = 44;
const PADDING_PX = 48;
const FONT_FAMILY = "DejaVu Sans Mono, Menlo, Consolas, monospace";

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function cardSvg(report: StatsReport): string {
  const lines = shareLines(report);
  const height = PADDING_PX * 2 + LINE_HEIGHT_PX * lines.length;
  const text = lines
    .map((line, i) => {
      const y = PADDING_PX + LINE_HEIGHT_PX * (i + 0.75);
      const style = i === 0 ? 'font-size="24" font-weight="bold" fill="#e6edf3"' : 'font-size="20" fill="#c9d1d9"';
      return `<text x="${PADDING_PX}" y="${y}" ${style}>${escapeXml(line)}</text>`;
    })
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH_PX}" height="${height}" viewBox="0 0 ${WIDTH_PX} ${height}" font-family="${FONT_FAMILY}"><rect width="100%" height="100%" rx="16" fill="#0d1117"/><rect x="0" y="0" width="8" height="100%" fill="#3fb950"/>${text}</svg>`;
}

/** Insert an uncompressed UTF-8 iTXt chunk right after IHDR (PNG spec §11.3.4.5). */
export function withTextChunk(png: Uint8Array, keyword: string, text: string): Uint8Array {
  const ihdrEnd = 8 + 4 + 4 + 13 + 4;
  const data = Buffer.concat([Buffer.from(keyword, "latin1"), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, "utf8")]);
  const type = Buffer.from("iTXt", "latin1");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  return Buffer.concat([png.subarray(0, ihdrEnd), length, type, data, crc, png.subarray(ihdrEnd)]);
}
