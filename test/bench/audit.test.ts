import { describe, expect, test } from "bun:test";
import { splitInclusive, stripTerminator } from "../../src/base/lines.ts";
import { createLedgerAudit } from "../../src/bench/audit.ts";
import { readContent } from "../helpers/corpus.ts";

// The auditor is the judge of the replay: each rule here is shown catching a lie.
const LINES = splitInclusive(readContent("gen-commander-help-padwidth-long", "lib/argument.js"));
const HEAD = LINES.slice(0, 40).join("");
const REST = LINES.slice(40).join("");
const H = "1234567890abcdef";

function audit(blocks: Record<string, string> = { [H]: HEAD }) {
  return createLedgerAudit((handle) => blocks[handle] ?? null);
}

const folded = (wording: string) => `[OMNI: 40 lines ${wording}, omni retrieve ${H}]\n${REST}`;

describe("ledger audit", () => {
  test("accepts an 'already shown' fold of lines this reader was delivered", () => {
    const a = audit();
    a.observe({ reader: "s1", project: "p", input: HEAD, output: null });
    a.observe({ reader: "s1", project: "p", input: HEAD + REST, output: folded("already shown") });
    expect(a.violations).toEqual([]);
    expect(a.totals.sessionMarkers).toBe(1);
  });

  test("catches 'already shown' said to a reader that was never delivered the lines", () => {
    const a = audit();
    a.observe({ reader: "s1", project: "p", input: HEAD, output: null });
    a.observe({ reader: "s1/agent", project: "p", input: HEAD + REST, output: folded("already shown") });
    expect(a.violations.map((v) => v.rule)).toContain("false already shown");
  });

  test("catches 'already shown' after the reader's context was compacted", () => {
    const a = audit();
    a.observe({ reader: "s1/agent", project: "p", input: HEAD, output: null });
    a.compact("s1");
    a.observe({ reader: "s1/agent", project: "p", input: HEAD + REST, output: folded("already shown") });
    expect(a.violations.map((v) => v.rule)).toContain("false already shown");
  });

  test("catches a project claim about lines no reader of the project was delivered", () => {
    const a = audit();
    a.observe({ reader: "s1", project: "other", input: HEAD, output: null });
    a.observe({ reader: "s2", project: "p", input: HEAD + REST, output: folded("not shown here") });
    expect(a.violations.map((v) => v.rule)).toContain("false project claim");
  });

  test("catches a Read answered with another reader's lines", () => {
    const a = audit();
    a.observe({ reader: "s1", project: "p", input: HEAD, output: null });
    a.observe({ reader: "s2", project: "p", input: HEAD + REST, output: folded("not shown here"), file: "lib/argument.js" });
    expect(a.violations.map((v) => v.rule)).toContain("read not shown");
  });

  test("holds a shell output's failure lines to the rule, but not a source file's code nor a Read the reader holds whole", () => {
    const failure = "ValueError: first() was called on an empty iterable, and no default value was provided.\n";
    const input = failure + HEAD;
    const whole = `[OMNI: identical to the 41 lines already shown, omni retrieve ${H}]\n`;
    const judge = (file?: string, readFirst = true) => {
      const a = audit({ [H]: input });
      if (readFirst) a.observe({ reader: "s1", project: "p", input, output: null, ...(file ? { file } : {}) });
      else a.observe({ reader: "s1", project: "p", input: `${input}\n`, output: null });
      a.observe({ reader: "s1", project: "p", input, output: whole, ...(file ? { file } : {}) });
      return a.violations.map((v) => v.rule);
    };
    expect(judge()).toContain("failure folded");
    expect(judge("lib/more.py")).toEqual([]);
    expect(judge("logs/test-output.txt")).toEqual([]);
    // Lines seen, but never this Read whole: a text file's failure line is still a verdict.
    expect(judge("logs/test-output.txt", false)).toContain("failure folded");
    // A held Read too large for one block comes back as several markers: still a re-read.
    const a = createLedgerAudit((handle) => ({ [H]: failure, fedcba0987654321: HEAD })[handle] ?? null);
    a.observe({ reader: "s1", project: "p", input, output: null, file: "logs/test-output.txt" });
    a.observe({
      reader: "s1",
      project: "p",
      input,
      output: `[OMNI: 1 lines already shown, omni retrieve ${H}]\n[OMNI: 40 lines already shown, omni retrieve fedcba0987654321]\n`,
      file: "logs/test-output.txt",
    });
    expect(a.violations).toEqual([]);
  });

  test("catches a handle that does not give back the lines it replaced", () => {
    const a = audit({ [H]: LINES.slice(1, 41).join("") });
    a.observe({ reader: "s1", project: "p", input: HEAD, output: null });
    a.observe({ reader: "s1", project: "p", input: HEAD + REST, output: folded("already shown") });
    expect(a.violations.map((v) => v.rule)).toContain("wrong bytes");
  });

  test("catches a folded failure line, a structured payload changed, and a reply longer than its input", () => {
    const failure = "ValueError: first() was called on an empty iterable, and no default value was provided.\n";
    const a = audit({ [H]: failure + HEAD });
    a.observe({ reader: "s1", project: "p", input: failure + HEAD, output: null });
    a.observe({ reader: "s1", project: "p", input: failure + HEAD, output: `[OMNI: 41 lines already shown, omni retrieve ${H}]\n` });
    a.observe({ reader: "s1", project: "p", input: '{"a": 1}', output: "{}" });
    a.observe({ reader: "s1", project: "p", input: "short", output: "much longer than that" });
    const byCall = a.violations.map((v) => `${v.call}:${v.rule}`);
    expect(byCall).toContain("1:failure folded");
    expect(byCall).toContain("2:structured");
    expect(byCall).toContain("3:longer");
  });

  test("catches a window whose visible lines were renumbered", () => {
    const a = audit();
    a.observe({ reader: "s1", project: "p", input: HEAD, output: null });
    const input = HEAD + REST;
    a.observe({ reader: "s1", project: "p", input, output: folded("already shown"), window: { inputStart: 1, outputStart: 40 } });
    expect(a.violations).toEqual([]);
    a.observe({ reader: "s1", project: "p", input, output: folded("already shown"), window: { inputStart: 1, outputStart: 1 } });
    expect(a.violations.map((v) => v.rule)).toContain("renumbered");
  });

  test("catches a must-keep string missing from the delivery", () => {
    const a = audit();
    const keep = stripTerminator(LINES.slice(40).find((line) => line.trim().length > 20 && !HEAD.includes(line.trim()))!);
    a.observe({ reader: "s1", project: "p", input: HEAD + REST, output: null, mustKeep: [keep] });
    expect(a.violations).toEqual([]);
    a.observe({ reader: "s1", project: "p", input: HEAD + REST, output: HEAD, mustKeep: [keep] });
    expect(a.violations.map((v) => v.rule)).toContain("must-keep missing");
  });

  test("catches any printed handle the archive cannot resolve, but not one the tool printed itself", () => {
    const a = audit();
    const own = `see omni retrieve ${"f".repeat(16)}\n`;
    a.observe({
      reader: "s1",
      project: "p",
      input: own + HEAD,
      output: `${own}[OMNI: 40 lines omitted, omni retrieve ${H} for full output]\n`,
    });
    expect(a.counts().unresolved).toBe(0);
    a.observe({
      reader: "s1",
      project: "p",
      input: HEAD + REST,
      output: `${REST}[OMNI: 40 lines omitted, omni retrieve ${"0".repeat(16)} for full output]\n`,
    });
    expect(a.counts().unresolved).toBe(1);
  });

  test("skips project claims only when told the project's order is unknown", () => {
    const claim = (options = {}) => {
      const a = createLedgerAudit((handle) => ({ [H]: HEAD })[handle] ?? null, options);
      a.observe({ reader: "s2", project: "p", input: HEAD + REST, output: folded("not shown here") });
      return a.counts()["false project claim"];
    };
    expect(claim()).toBeGreaterThan(0);
    expect(claim({ projectClaims: false })).toBe(0);
  });

  test("lets a masked line stand for its input line, and nothing else", () => {
    const secret = `API_TOKEN=${"a1b2".repeat(20)}\n`;
    const a = audit();
    a.observe({
      reader: "s1",
      project: "p",
      input: secret + REST,
      output: `[OMNI: 1 sensitive value(s) redacted]\nAPI_TOKEN=[REDACTED]\n${REST}`,
    });
    expect(a.violations.map((v) => v.detail)).toEqual([]);
    a.observe({
      reader: "s1",
      project: "p",
      input: secret + REST,
      output: `[OMNI: 1 sensitive value(s) redacted]\nAPI_TOKEN=[REDACTED]\n${REST.slice(REST.indexOf("\n") + 1)}`,
    });
    expect(a.violations.map((v) => v.rule)).toContain("unaccounted");
  });

  test("counts folded bytes by the scope each marker claims", () => {
    const a = audit();
    a.observe({ reader: "s1", project: "p", input: HEAD, output: null });
    a.observe({ reader: "s1", project: "p", input: HEAD + REST, output: folded("already shown") });
    expect(a.totals.foldedBytes).toEqual({ session: Buffer.byteLength(HEAD), project: 0 });
  });
});
