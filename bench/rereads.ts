/**
 * Twelve real source files read, then re-read, by one reader through the whole pipeline: what the
 * re-reads cost against the files' bytes (the target is at most 10%).
 * Run: `bun run bench:rereads`.
 */
import { measureRereads } from "../test/helpers/rereads.ts";

const rows = measureRereads();
const width = Math.max(...rows.map((row) => row.path.length));
const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
console.log(
  `${"file".padEnd(width)}  ${"bytes".padStart(7)}  ${"first read".padStart(10)}  ${"re-read".padStart(7)}  ${"cost".padStart(6)}`,
);
for (const row of rows)
  console.log(
    `${row.path.padEnd(width)}  ${String(row.bytes).padStart(7)}  ${String(row.firstBytes).padStart(10)}  ${String(row.rereadBytes).padStart(7)}  ${pct(row.rereadBytes, row.bytes).padStart(6)}`,
  );
const bytes = rows.reduce((sum, row) => sum + row.bytes, 0);
const reread = rows.reduce((sum, row) => sum + row.rereadBytes, 0);
console.log(
  `${"all twelve".padEnd(width)}  ${String(bytes).padStart(7)}  ${String(rows.reduce((sum, row) => sum + row.firstBytes, 0)).padStart(10)}  ${String(reread).padStart(7)}  ${pct(reread, bytes).padStart(6)}`,
);
console.log(`Target, re-reads cost at most 10% of their bytes: ${reread * 10 <= bytes ? "met" : "MISSED"}`);
