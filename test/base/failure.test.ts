import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { carriesFailure, FAILURE_SHAPES, failureLines, MAX_FAILURE_LINE_CHARS } from "../../src/base/failure.ts";
import { SHAPE_EXAMPLES } from "../helpers/failure-examples.ts";
import { FIXTURES_DIR } from "../helpers/fixtures.ts";

describe("carriesFailure", () => {
  test.each([
    "error: could not compile `omni`",
    "src/a.c:3:1: error: expected ';'",
    "FAILED tests/test_a.py::test_b - assert 1 == 2",
    "test result: FAILED. 411 passed; 1 failed",
    "✗ renders the page",
    "--- FAIL: TestParse (0.00s)",
    "fatal: not a git repository",
    "thread 'main' panicked at src/main.rs:3: panic: boom",
    "Tests: 1 failed, 4 passed, 5 total",
    "npm ERR! code E404",
    "❌ Type check",
    "✖ 3 problems",
  ])("sees a failure in %p", (line) => {
    expect(carriesFailure(line)).toBe(true);
  });

  test.each([
    "test result: ok. 412 passed; 0 failed; 0 ignored",
    "✓ handles failed requests",
    "Tests: 5 passed, 5 total",
    "failed: 0",
    "Tests failed: 0, passed: 12",
    "onFailedLogin handler registered",
    "a_failed_flag = true",
    "ok 3 - parses input",
    // A scanner's quoted source line (bandit: its number, a tab, the code): code that says `fail`, not a verdict.
    "8\t# is comparison will fail between this and no_default",
    "46\t    except ImportError:",
    // ruff's, rustc's and gcc's numbered excerpt (`468 |`), jest's marked line, and a line ruff's fix adds.
    "468 |               except ValueError:",
    "> 75 |   expect(parse()).toThrow(Error);",
    "238 +     class PostponedError:",
  ])("sees no failure in %p", (line) => {
    expect(carriesFailure(line)).toBe(false);
  });

  // node quoting a minified bundle's whole line above an uncaught error: data, not a verdict.
  const bundleLine = `Error: Cannot find module '../lib/unicode' ${"var e=module,t={Array:global.Array};".repeat(MAX_FAILURE_LINE_CHARS / 30)}`;
  test("a line longer than any message is data, not a failure line", () => {
    expect(bundleLine.length).toBeGreaterThan(MAX_FAILURE_LINE_CHARS);
    expect(carriesFailure(bundleLine)).toBe(false);
    expect(carriesFailure(bundleLine.slice(0, MAX_FAILURE_LINE_CHARS))).toBe(true);
  });

  test("a long line redrawn with carriage returns is read frame by frame as before", () => {
    const progress = `${"[    ]  running splitn ...\r".repeat(MAX_FAILURE_LINE_CHARS / 20)}FAILED tests/test_a.py::test_b - assert 1 == 2`;
    expect(progress.length).toBeGreaterThan(MAX_FAILURE_LINE_CHARS);
    expect(carriesFailure(progress)).toBe(true);
  });
});

/** Failure lines the distillers write themselves (not copied from the raw output), from their snapshots. */
const DISTILLER_MARKERS = [
  { snapshot: "jsts/eslint_legacy_many", line: "eslint: 9 errors, 313 warnings in 12 files" },
  { snapshot: "cloud/upstream_docker_build_error", line: "docker build: ✗ failed at step 4/6" },
];

describe("the failure shapes", () => {
  test("every shape has a real example, and each example has its shape", () => {
    expect(Object.keys(SHAPE_EXAMPLES).sort()).toEqual(FAILURE_SHAPES.map((shape) => shape.name).sort());
    for (const shape of FAILURE_SHAPES) {
      const { fixture, line: needle } = SHAPE_EXAMPLES[shape.name]!;
      const text = readFileSync(join(FIXTURES_DIR, `${fixture}.txt`), "utf8");
      const line = text
        .split("\n")
        .map((l) => l.trim())
        .find((l) => l.includes(needle));
      expect({ shape: shape.name, line }).toEqual({ shape: shape.name, line: expect.any(String) });
      const lower = line!.toLowerCase();
      expect({ shape: shape.name, matches: shape.matches(lower, lower.trimStart()) }).toEqual({ shape: shape.name, matches: true });
      expect(carriesFailure(line!)).toBe(true);
      expect(failureLines(text)).toContain(line!);
    }
  });

  test("the distillers' own verdict lines are failure lines too, so the ledger never folds them", () => {
    for (const { snapshot, line } of DISTILLER_MARKERS) {
      expect(readFileSync(join(FIXTURES_DIR, `${snapshot}.out.txt`), "utf8")).toContain(`${line}\n`);
      expect(carriesFailure(line)).toBe(true);
    }
    expect(carriesFailure("eslint: 0 errors, 3 warnings in 1 files")).toBe(false);
  });

  test.each([
    "● Console",
    "not ok 4 - parses dates # TODO not written yet",
    "not ok 5 - skipped on windows # SKIP",
    "0 errors",
    "Found 0 errors. Watching for file changes.",
    "0 failed",
    "0 failed, 12 passed",
  ])("keeps %p a plain line", (line) => {
    expect(carriesFailure(line)).toBe(false);
  });
});
