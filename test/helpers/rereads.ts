/**
 * Twelve real source files an agent read in the recorded sessions (JavaScript, TypeScript, Python,
 * C), read once each and then re-read each, as Claude Code Reads by one reader through the whole
 * pipeline. What the re-reads cost is the bytes they delivered against the bytes of the files.
 */
import { byteLength } from "../../src/base/lines.ts";
import { readContent } from "./corpus.ts";
import { ledgerRig } from "../ledger/helpers.ts";

export const TWELVE_FILES: ReadonlyArray<{ session: string; path: string }> = [
  { session: "gen-commander-camelcase-regression", path: "/repo/commander.js/lib/option.js" },
  { session: "gen-commander-camelcase-regression", path: "/repo/commander.js/lib/help.js" },
  { session: "gen-commander-help-padwidth-long", path: "/repo/commander.js/lib/argument.js" },
  { session: "gen-commander-camelcase-regression", path: "/repo/commander.js/tests/options.camelcase.test.js" },
  { session: "gen-more-itertools-chunked-bug", path: "/repo/more-itertools/more_itertools/recipes.py" },
  { session: "gen-neverthrow-jest-map-bug", path: "/repo/neverthrow/src/result.ts" },
  { session: "gen-neverthrow-jest-map-bug", path: "/repo/neverthrow/src/result-async.ts" },
  { session: "gen-ufo-query-encoding-long", path: "/repo/ufo/src/encoding.ts" },
  { session: "gen-ufo-query-encoding-long", path: "/repo/ufo/src/query.ts" },
  { session: "gen-ufo-query-encoding-long", path: "/repo/ufo/src/utils.ts" },
  { session: "gen-ufo-trailing-slash-bugfix", path: "/repo/ufo/src/parse.ts" },
  { session: "gen-zlib-build-and-compile-error", path: "/repo/zlib/adler32.c" },
];

export interface Reread {
  path: string;
  bytes: number;
  /** Bytes the first Read delivered, and the re-read. */
  firstBytes: number;
  rereadBytes: number;
  reread: string;
}

export function measureRereads(): Reread[] {
  const rig = ledgerRig();
  try {
    const files = TWELVE_FILES.map(({ session, path }) => ({ path, text: readContent(session, path) }));
    const read = (path: string, text: string) => rig.deliver(text, { tool: "Read", command: path, sessionId: "reader" });
    const first = files.map(({ path, text }) => read(path, text));
    return files.map(({ path, text }, i) => {
      const again = read(path, text);
      return { path, bytes: byteLength(text), firstBytes: first[i]!.bytesOut, rereadBytes: again.bytesOut, reread: again.delivered };
    });
  } finally {
    rig.close();
  }
}
