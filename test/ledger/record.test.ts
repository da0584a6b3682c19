import { expect, test } from "bun:test";
import { lineKey } from "../../src/base/handle.ts";
import { heldReadKey } from "../../src/ledger/fold.ts";
import { recordDelivered } from "../../src/ledger/record.ts";
import type { FoldRow, LedgerContext, LedgerStore } from "../../src/ledger/types.ts";

/** A store that writes down every call, so a test sees exactly what recording asked for. */
function callLog() {
  const calls: Array<[string, ...unknown[]]> = [];
  const store: LedgerStore = {
    seen: () => new Map(),
    takeOwedDelivery: () => false,
    record: (scopes, keys, agentId, source, nowMs) => void calls.push(["record", scopes, [...keys].sort(), agentId, source, nowMs]),
    touch: (scopes, keys, nowMs) => void calls.push(["touch", scopes, [...keys].sort(), nowMs]),
    recordFolds: (rows, nowMs) => void calls.push(["recordFolds", rows, nowMs]),
  };
  return { calls, store };
}

const READER: LedgerContext = { readerScope: "s1", projectScope: null, agentId: "claude_code", source: "", window: false };
const ROW: FoldRow = {
  scope: "s1",
  session: "s1",
  agentId: "claude_code",
  sourceAgent: "claude_code",
  origin: "session",
  lines: 2,
  bytes: 8,
  wholeOutput: false,
  payloadBytes: 20,
};

test("with nothing folded, recording remembers the delivered lines and touches nothing", () => {
  const { calls, store } = callLog();
  recordDelivered(store, READER, "alpha\nbeta\n", null, 7);
  expect(calls).toEqual([["record", ["s1"], [lineKey("alpha\n"), lineKey("beta\n")].sort(), "claude_code", "", 7]]);
});

test("marker lines are never remembered as shown, and a project scope is recorded beside the reader's", () => {
  const { calls, store } = callLog();
  const context = { ...READER, projectScope: "project:/repo" };
  recordDelivered(store, context, "alpha\n[OMNI: 3 lines already shown, omni retrieve 1a2b3c4d5e6f7a8b]\n", null, 7);
  expect(calls).toEqual([["record", ["s1", "project:/repo"], [lineKey("alpha\n")], "claude_code", "", 7]]);
});

test("folded lines are touched, not recorded, and the fold rows are written", () => {
  const { calls, store } = callLog();
  const folded = { text: "", lineShift: 0, foldedKeys: ["k2", "k1", "k2"], rows: [ROW] };
  recordDelivered(store, READER, "gamma\n", folded, 9);
  expect(calls).toEqual([
    ["record", ["s1"], [lineKey("gamma\n")], "claude_code", "", 9],
    ["touch", ["s1"], ["k1", "k2"], 9],
    ["recordFolds", [ROW], 9],
  ]);
});

test("a Read held whole is remembered as a whole read, so its byte-identical re-read can be one marker", () => {
  const { calls, store } = callLog();
  const context = { ...READER, source: "/repo/a.ts", window: true };
  recordDelivered(store, context, "x\n", null, 5, undefined, "x\n");
  const keys = [lineKey("x\n"), heldReadKey(context, "x\n")!].sort();
  expect(calls).toEqual([["record", ["s1"], keys, "claude_code", "/repo/a.ts", 5]]);
  const { calls: notHeld, store: other } = callLog();
  recordDelivered(other, context, "x\n", null, 5);
  expect(notHeld).toEqual([["record", ["s1"], [lineKey("x\n")], "claude_code", "/repo/a.ts", 5]]);
});
