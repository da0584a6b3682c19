import { describe, expect, test } from "bun:test";
import { carriesFailure } from "../../src/core/failure.ts";

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
  ])("sees a failure in %p", (line) => {
    expect(carriesFailure(line)).toBe(true);
  });

  test.each([
    "test result: ok. 412 passed; 0 failed; 0 ignored",
    "✓ handles failed requests",
    "Tests: 5 passed, 5 total",
    "failed: 0",
    "onFailedLogin handler registered",
    "a_failed_flag = true",
    "ok 3 - parses input",
  ])("sees no failure in %p", (line) => {
    expect(carriesFailure(line)).toBe(false);
  });
});
