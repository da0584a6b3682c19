import { expect, test } from "bun:test";
import { createCeilingMeter } from "../../src/bench/ceiling.ts";
import type { CorpusCall } from "../../src/bench/corpus.ts";

const LOG = Array.from({ length: 40 }, (_, i) => `Compiling crate-${i} v1.0.${i}\n`).join("");
const call = (extra: Partial<CorpusCall>): CorpusCall => ({
  payload: {},
  origin: "t",
  sessionId: "s",
  scope: "s",
  project: null,
  agentId: "claude_code",
  tsSec: null,
  tool: "Bash",
  command: "cargo build",
  text: LOG,
  failed: false,
  mustKeep: [],
  ...extra,
});

test("counts a repeat of what the reader was shown toward the ceiling", () => {
  const meter = createCeilingMeter(() => null);
  meter.observe(call({}), LOG);
  meter.observe(call({}), LOG);
  expect(meter.rows()[0]!.ceilingBytes).toBe(LOG.length);
});

test("counts nothing for a call the host cut at its cap, whose lines the reader never got", () => {
  const meter = createCeilingMeter(() => null);
  meter.observe(call({ declined: true }), LOG);
  meter.observe(call({ declined: true }), LOG);
  meter.observe(call({}), LOG);
  expect(meter.rows()[0]!.ceilingBytes).toBe(0);
});
