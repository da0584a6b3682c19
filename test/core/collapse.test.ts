import { describe, expect, test } from "bun:test";
import { collapse } from "../../src/core/collapse.ts";
import { splitLines } from "../../src/base/lines.ts";
import { fixture } from "../helpers/pipeline-run.ts";

/** The fallback stage on real outputs: what it folds into a count, and what it must never touch. */
describe("collapse", () => {
  test("build mode: a run of Compiling lines becomes one count, the verdict stays", () => {
    const build = fixture("build", "upstream_cargo_build_large").text;
    const compiling = splitLines(build).filter((line) => line.trimStart().startsWith("Compiling ")).length;
    const out = collapse(build, "build")!;
    expect(out).toContain(`${compiling} crates compiled (collapsed from ${compiling} lines)`);
    expect(out).toContain("Finished `dev` profile [unoptimized + debuginfo] target(s) in 42.31s");
  });

  test("test mode: passing tests become one count, and every FAILED line stays as printed", () => {
    const run = fixture("test", "upstream_cargo_test_500").text;
    const passing = splitLines(run).filter((line) => /^test .+ \.\.\. ok$/.test(line.trim())).length;
    const out = collapse(run, "test")!;
    expect(out).toContain(`${passing} tests passed ✓ (collapsed from ${passing} lines)`);
    for (const failed of splitLines(run).filter((line) => line.endsWith("... FAILED"))) expect(out).toContain(failed);
  });

  test("generic mode shows a repeated line whole, however long, in its summary", () => {
    const log = fixture("readfile", "tail_http_access_log").text;
    const out = collapse(log, "generic")!;
    expect(out).toContain('similar lines collapsed] (pattern: "127.0.0.1 - - [30/Nov/2026 04:56:50] "GET /index.html HTTP/1.1" 200 -")');
  });

  test("generic mode leaves output alone unless most of it repeats", () => {
    expect(collapse(fixture("readfile", "read_source_help_js").text, "generic")).toBeNull();
  });

  test("never groups a check that reports its result, nor output under 10 lines", () => {
    const configure = fixture("build", "configure_zlib").text;
    expect(collapse(configure, "build")).toBeNull();
    expect(collapse(splitLines(fixture("build", "upstream_cargo_build_large").text).slice(0, 9).join("\n"), "build")).toBeNull();
  });

  test("log mode: runs of INFO and DEBUG entries, in any of their spellings, become one count each", () => {
    const info = ["[INFO] fetched a", "INFO: fetched b", "info fetched c", "[info] fetched d"];
    const debug = ["DEBUG: cache hit 1", "[DEBUG] cache hit 2", "debug cache hit 3"];
    const text = [...info, ...debug, "ERROR: disk full", "done", "exit 1"].join("\n") + "\n";
    expect(collapse(text, "log")).toBe(
      "4 INFO entries (collapsed from 4 lines)\n3 DEBUG entries (collapsed from 3 lines)\nERROR: disk full\ndone\nexit 1\n",
    );
    expect(collapse(text.slice(0, -1), "log")!.endsWith("exit 1")).toBe(true);
  });

  test("build mode names what each kind of progress line counts", () => {
    const runs = ["Unpacking", "Downloading", "Locking"].flatMap((word) => [1, 2, 3].map((n) => `${word} pkg-${n} v1.0.${n}`));
    const out = collapse([...runs, "Finished"].join("\n"), "build");
    expect(out).toBe(
      "3 packages unpacked (collapsed from 3 lines)\n3 packages downloaded (collapsed from 3 lines)\n" +
        "3 packages locked (collapsed from 3 lines)\nFinished",
    );
  });

  test("only generic mode needs most of the output to repeat: a named mode folds a short run among other lines", () => {
    const compiling = [1, 2, 3].map((n) => `Compiling crate-${n} v0.1.${n}`);
    const other = Array.from({ length: 7 }, (_, n) => `warning: unused variable \`x${n}\``);
    const text = [...compiling, ...other].join("\n");
    expect(collapse(text, "generic")).toBeNull();
    expect(collapse(text, "build")).toBe(["3 crates compiled (collapsed from 3 lines)", ...other].join("\n"));
  });
});
