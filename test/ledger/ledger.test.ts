import { afterEach, describe, expect, test } from "bun:test";
import { carriesFailure } from "../../src/base/failure.ts";
import { splitLines } from "../../src/base/lines.ts";
import { getBlock, markRetrieved } from "../../src/store/archive.ts";
import { forgetReader, recordLines, touchLines } from "../../src/store/ledger.ts";
import { pruneExpired } from "../../src/store/retention.ts";
import { readContent } from "../helpers/corpus.ts";
import { expandFolds, handlesIn, ledgerRig, PROJECT, type LedgerRig } from "./helpers.ts";

// Real files an agent read in a recorded session.
const ARGUMENT_JS = readContent("gen-commander-help-padwidth-long", "lib/argument.js");
const OPTION_JS = readContent("gen-commander-help-padwidth-long", "lib/option.js");
const TRACEBACK =
  'Traceback (most recent call last):\n  File "/repo/more-itertools/more_itertools/more.py", line 272, in first\n    raise ValueError(\nValueError: first() was called on an empty iterable, and no default value was provided.\n';

let rig: LedgerRig;
afterEach(() => rig.close());

function ledgerRows(scope: string): number {
  return (
    rig.db.query("SELECT COUNT(*) AS n FROM ledger_lines l JOIN ledger_scopes s ON s.id = l.scope_id WHERE s.name = ?1").get(scope) as {
      n: number;
    }
  ).n;
}

describe("the ledger inside the pipeline", () => {
  test("records a fully new output, then folds its repeat behind a handle that gives back exactly those bytes", () => {
    rig = ledgerRig();
    const first = rig.deliver(ARGUMENT_JS);
    expect(first.changed).toBe(false);
    const second = rig.deliver(ARGUMENT_JS);
    expect(second.delivered).toMatch(/^\[OMNI: identical to the 147 lines already shown, omni retrieve [0-9a-f]{16}\]$/);
    expect(getBlock(rig.db, handlesIn(second.delivered)[0]!)!.content).toBe(ARGUMENT_JS);
  });

  test("folds a run inside a larger output and keeps the rest byte for byte, with no whole-output marker", () => {
    rig = ledgerRig();
    rig.deliver(ARGUMENT_JS);
    const input = `${OPTION_JS}\n${ARGUMENT_JS}`;
    const mixed = rig.deliver(input);
    expect(mixed.delivered).toMatch(/\[OMNI: \d+ lines already shown, omni retrieve [0-9a-f]{16}\]$/);
    expect(mixed.delivered).toContain("export class Option {\n");
    expect(mixed.delivered).not.toContain("identical to");
    expect(mixed.delivered).not.toContain("for full output");
    expect(mixed.route).toBe("folded");
    expect(expandFolds(rig.db, mixed.delivered)).toBe(input);
  });

  test("never folds a line against its own earlier copy in the same payload", () => {
    rig = ledgerRig();
    expect(rig.deliver(`${ARGUMENT_JS}\n${ARGUMENT_JS}`).changed).toBe(false);
  });

  test("delivers another session of the project its output whole, then folds that session's own repeat", () => {
    rig = ledgerRig();
    rig.deliver(ARGUMENT_JS, { sessionId: "s1" });
    expect(rig.deliver(ARGUMENT_JS, { sessionId: "s2" }).changed).toBe(false);
    expect(rig.deliver(ARGUMENT_JS, { sessionId: "s2" }).delivered).toMatch(
      /^\[OMNI: identical to the 147 lines already shown, omni retrieve [0-9a-f]{16}\]$/,
    );
  });

  test("gives a subagent its own reader scope: the parent's lines come to it whole, and no marker says 'earlier session'", () => {
    rig = ledgerRig();
    rig.deliver(ARGUMENT_JS, { sessionId: "s1" });
    const helper = rig.deliver(ARGUMENT_JS, { sessionId: "s1/agent7" });
    expect(helper.changed).toBe(false);
    expect(rig.deliver(OPTION_JS, { sessionId: "s1/agent7", tool: "Read", command: "lib/option.js" }).changed).toBe(false);
    rig.deliver(OPTION_JS, { sessionId: "s1" });
    const parent = rig.deliver(OPTION_JS, { sessionId: "s1", tool: "Read", command: "lib/option.js" });
    expect(parent.delivered).toContain("already shown");
    for (const reply of [helper.delivered, parent.delivered]) expect(reply).not.toContain("earlier session");
  });

  test("runs no ledger at all without a host session id", () => {
    rig = ledgerRig();
    rig.deliver(ARGUMENT_JS, { sessionId: null });
    expect(rig.deliver(ARGUMENT_JS, { sessionId: null }).changed).toBe(false);
    expect((rig.db.query("SELECT COUNT(*) AS n FROM ledger_lines").get() as { n: number }).n).toBe(0);
  });

  test("never folds a failure line, however often it was shown, and folds the frames around it", () => {
    rig = ledgerRig();
    const payload = `${ARGUMENT_JS}\n${TRACEBACK}${OPTION_JS}`;
    rig.deliver(payload);
    const again = rig.deliver(payload);
    const failures = splitLines(payload).filter(carriesFailure);
    expect(failures.length).toBeGreaterThan(1);
    const deliveredLines = new Set(splitLines(again.delivered));
    expect(failures.filter((line) => !deliveredLines.has(line))).toEqual([]);
    expect(again.delivered.match(/already shown/g)!.length).toBeGreaterThanOrEqual(2);
    expect(expandFolds(rig.db, again.delivered)).toBe(payload);
  });

  test("folds nothing in a failed command's output (it is the evidence), yet records what it delivered", () => {
    rig = ledgerRig();
    rig.deliver(ARGUMENT_JS);
    expect(rig.deliver(ARGUMENT_JS, { failed: true, exitCode: 1, sessionId: "s2" }).changed).toBe(false);
    expect(rig.deliver(ARGUMENT_JS, { sessionId: "s2" }).delivered).toContain("already shown");
  });

  test("leaves the hook's copy of an `omni exec` output alone: exec already delivered and recorded it", () => {
    rig = ledgerRig();
    const command = "git cat-file -p HEAD:lib/argument.js";
    expect(rig.deliver(ARGUMENT_JS, { entry: "exec", tool: undefined, command }).changed).toBe(false);
    expect(rig.deliver(ARGUMENT_JS, { command: `omni exec --session s1 ${command}` }).changed).toBe(false);
  });

  test("leaves a run verbatim when its bytes could not be archived", () => {
    rig = ledgerRig((store) => ({ ...store, archive: () => null }));
    rig.deliver(ARGUMENT_JS);
    expect(rig.deliver(ARGUMENT_JS).changed).toBe(false);
  });

  test("delivers a block just pulled with omni retrieve once unfolded, then folds it again", () => {
    rig = ledgerRig();
    rig.deliver(ARGUMENT_JS);
    const folded = rig.deliver(ARGUMENT_JS);
    markRetrieved(rig.db, handlesIn(folded.delivered)[0]!, 1, "claude_code", null);
    expect(rig.deliver(ARGUMENT_JS).changed).toBe(false);
    expect(rig.deliver(ARGUMENT_JS).delivered).toBe(folded.delivered);
  });

  test("at compaction forgets the session and its subagents, so nothing after says 'already shown'", () => {
    rig = ledgerRig();
    rig.deliver(OPTION_JS, { sessionId: "s10" });
    rig.deliver(ARGUMENT_JS, { sessionId: "s1" });
    rig.deliver(OPTION_JS, { sessionId: "s1/agent7" });
    rig.deliver(ARGUMENT_JS, { sessionId: "s1/agent7" });
    forgetReader(rig.db, "s1");
    expect(ledgerRows("s1") + ledgerRows("s1/agent7")).toBe(0);
    expect(ledgerRows("s10")).toBeGreaterThan(0);
    expect(rig.deliver(ARGUMENT_JS, { sessionId: "s1" }).delivered).not.toContain("already shown");
    expect(rig.deliver(OPTION_JS, { sessionId: "s1/agent7" }).delivered).not.toContain("already shown");
    expect(rig.deliver(OPTION_JS, { sessionId: "s10" }).delivered).toContain("already shown");
  });

  test("keeps CRLF terminators byte-exact in what it delivers and what it archives", () => {
    rig = ledgerRig();
    const crlf = ARGUMENT_JS.replaceAll("\n", "\r\n");
    const input = `${OPTION_JS.replaceAll("\n", "\r\n")}\r\n${crlf}`;
    rig.deliver(crlf);
    const folded = rig.deliver(input);
    expect(folded.delivered).toContain("already shown");
    expect(folded.delivered.replaceAll("\r\n", "")).not.toContain("\n");
    expect(expandFolds(rig.db, folded.delivered)).toBe(input);
  });

  test("renders byte-identical output from identical database state", () => {
    const replay = (fresh: LedgerRig) => {
      const replies = [ARGUMENT_JS, `${OPTION_JS}${ARGUMENT_JS}`, OPTION_JS].map(
        (text, n) => fresh.deliver(text, { sessionId: n === 2 ? "s2" : "s1" }).delivered,
      );
      fresh.close();
      return replies;
    };
    const first = replay(ledgerRig());
    expect(first.some((reply) => reply.includes("already shown"))).toBe(true);
    rig = ledgerRig();
    expect(replay(rig)).toEqual(first);
  });

  test("refreshes a line's time on a repeat, keeps its first source, and prunes after 30 days unseen", () => {
    rig = ledgerRig();
    recordLines(rig.db, ["s1"], ["k1", "k2"], "claude_code", "lib/a.js", 1_000);
    recordLines(rig.db, ["s1"], ["k1"], "claude_code", "lib/b.js", 2_000_000);
    const rows = rig.db
      .query(
        "SELECT line_hash, ts, src.path AS source FROM ledger_lines l JOIN ledger_scopes s ON s.id = l.scope_id LEFT JOIN ledger_sources src ON src.id = l.source_id WHERE s.name = 's1' ORDER BY line_hash",
      )
      .all();
    expect(rows).toEqual([
      { line_hash: "k1", ts: 2_000_000, source: "lib/a.js" },
      { line_hash: "k2", ts: 1_000, source: "lib/a.js" },
    ]);
    // Seen again within the hour: the row keeps its time rather than being rewritten (a large re-read rewrote every row).
    recordLines(rig.db, ["s1"], ["k1"], "claude_code", "lib/a.js", 2_000_000 + 3_599);
    touchLines(rig.db, ["s1"], ["k1"], 2_000_000 + 3_599);
    expect(
      rig.db
        .query("SELECT ts FROM ledger_lines WHERE scope_id = (SELECT id FROM ledger_scopes WHERE name = 's1') AND line_hash = 'k1'")
        .get(),
    ).toEqual({ ts: 2_000_000 });
    touchLines(rig.db, ["s1"], ["k1"], 2_000_000 + 3_600);
    expect(
      rig.db
        .query("SELECT ts FROM ledger_lines WHERE scope_id = (SELECT id FROM ledger_scopes WHERE name = 's1') AND line_hash = 'k1'")
        .get(),
    ).toEqual({ ts: 2_003_600 });
    expect(pruneExpired(rig.db, 1_000 + 30 * 86_400 + 1, 7).deleted.ledger_lines).toBe(1);
    expect(ledgerRows("s1")).toBe(1);
  });

  test("counts a folded repeat as a sighting of lines already remembered", () => {
    rig = ledgerRig();
    rig.deliver(ARGUMENT_JS);
    const before = rig.db
      .query("SELECT MAX(ts) AS ts FROM ledger_lines l JOIN ledger_scopes s ON s.id = l.scope_id WHERE s.name = ?1")
      .get(`project:${PROJECT}`) as { ts: number };
    rig.db.query("UPDATE ledger_lines SET ts = 0").run();
    rig.deliver(ARGUMENT_JS);
    const after = rig.db.query("SELECT MIN(ts) AS ts FROM ledger_lines").get() as { ts: number };
    expect(after.ts).toBe(before.ts);
  });
});
