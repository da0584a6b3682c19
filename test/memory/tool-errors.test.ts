/**
 * Error memory reads a failing run's failure lines with the shared failure-line test
 * (src/base/failure.ts), as a reader sees them: colour codes gone, each line once.
 */
import { afterEach, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { failureLines } from "../../src/base/failure.ts";
import { recordToolError } from "../../src/memory/tool-errors.ts";
import { openDatabase, type Db } from "../../src/store/db.ts";
import { openToolErrors } from "../../src/store/tool-errors.ts";
import { makeSandbox, REPO_ROOT, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
let db: Db;
afterEach(() => {
  db?.close();
  sandbox?.cleanup();
});

function fixture(name: string): { command: string; text: string } {
  const base = join(REPO_ROOT, "test/fixtures/test", name);
  const meta = JSON.parse(readFileSync(`${base}.meta.json`, "utf8")) as { command: string };
  return { command: meta.command, text: readFileSync(`${base}.txt`, "utf8") };
}

function remembered(name: string): string[] {
  const { command, text } = fixture(name);
  recordToolError(db, { command, text, sessionId: "s", projectHash: "p", ts: 1 });
  return openToolErrors(db, command, "p")[0]!;
}

test("a coloured failure is remembered as the reader reads it, without escape codes", () => {
  sandbox = makeSandbox();
  db = openDatabase(sandbox.dbPath);
  const lines = remembered("vitest_fail_ansi_color");
  expect(lines.some((line) => line.includes("\x1b"))).toBe(false);
  expect(lines).toContain("AssertionError: expected 'foo/?k' to be 'foo/?k=' // Object.is equality");
  expect(lines).toContain("FAIL  test/trailing-slash.test.ts > withoutTrailingSlash, queryParams: false > foo/?k=/");
});

test("a failure line printed twice is remembered once, in the order the shared test finds them", () => {
  sandbox = makeSandbox();
  db = openDatabase(sandbox.dbPath);
  const { text } = fixture("go_test_fail");
  expect(failureLines(text).filter((line) => line === "FAIL")).toHaveLength(2);
  expect(remembered("go_test_fail")).toEqual(["--- FAIL: TestWrapEmpty (0.00s)", "FAIL", "FAIL\texample.com/textutil/wrap\t0.002s"]);
});
