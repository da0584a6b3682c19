/**
 * Database CLIs. An error is handed back whole (the LINE/caret/DETAIL lines are the answer);
 * schema text passes through verbatim. Only a large result table is shortened: its header and
 * first rows stay, the rest is counted, and the count must agree with the client's own
 * "(N rows)" / "N rows in set" footer when it printed one.
 */
import { splitLines } from "../base/lines.ts";
import { defineDistiller } from "./types.ts";

/** Tables up to this many rows are answers in full. */
const MAX_FULL_ROWS = 25;
/** Rows kept from a longer table. */
const SAMPLE_ROWS = 10;

const ERROR = /(?:^|: )(?:ERROR|FATAL|PANIC)(?::| \d+ \()|^psql: error:|^(?:Parse )?[Ee]rror: |^Runtime error/;
/** psql `---+---`, sqlite3 -column `---  ---`, mysql/box `+----+`. */
const SEPARATOR = /^\s*(?:-+(?:[+ ]+-+)*|\+(?:-+\+)+)\s*$/;
const FOOTER = /^\((\d+) rows?\)$|^(\d+) rows? in set\b/;

interface Table {
  /** Index of the first row line. */
  start: number;
  /** Index one past the last row line. */
  end: number;
}

export default defineDistiller({
  id: "database",
  collapse: "log",
  programs: [
    "psql",
    "mysql",
    "sqlite3",
    "pg_dump",
    "pg_restore",
    "redis-cli",
    "mongosh",
    "mongo",
    "clickhouse",
    "clickhouse-client",
    "duckdb",
  ],
  declined: "not recognised",
  describe:
    "psql/mysql/sqlite3: errors and schema kept whole; result tables over 25 rows keep the header and first 10 rows plus a count of the rest.",
  distill({ text }) {
    const lines = splitLines(text);
    if (lines.some((line) => ERROR.test(line))) return null;
    const tables = findTables(lines);
    if (tables.length === 0) return null;
    const out: string[] = [];
    let at = 0;
    for (const table of tables) {
      out.push(...lines.slice(at, table.start + SAMPLE_ROWS));
      out.push(`... [${table.end - table.start - SAMPLE_ROWS} more rows]`);
      at = table.end;
    }
    out.push(...lines.slice(at));
    return out.join("\n") + "\n";
  },
});

/** Result tables longer than MAX_FULL_ROWS; none at all when any footer disagrees with its rows. */
function findTables(lines: string[]): Table[] {
  const tables: Table[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (!SEPARATOR.test(lines[i]!) || lines[i - 1]!.trim() === "") continue;
    // mysql boxes close with a separator line; psql and sqlite3 end at a blank line or footer.
    let end = i + 1;
    while (end < lines.length && lines[end]!.trim() !== "" && !SEPARATOR.test(lines[end]!) && !FOOTER.test(lines[end]!)) end++;
    const rows = end - (i + 1);
    // A mysql box's closing border looks like a header separator with nothing under it.
    if (rows === 0) continue;
    const footerAt = SEPARATOR.test(lines[end] ?? "") ? end + 1 : end;
    const footer = FOOTER.exec(lines[footerAt] ?? "");
    if (footer && Number(footer[1] ?? footer[2]) !== rows) return [];
    if (rows > MAX_FULL_ROWS) tables.push({ start: i + 1, end });
    i = end - 1;
  }
  return tables;
}
