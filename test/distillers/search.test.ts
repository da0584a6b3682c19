import { describe, expect, test } from "bun:test";
import { splitLines } from "../../src/base/lines.ts";
import search, { matchesShownPerFile } from "../../src/distillers/search.ts";
import { loadFixtures } from "../helpers/fixtures.ts";
import { fixture } from "../helpers/pipeline-run.ts";

function distill(text: string): string | null {
  return search.distill({ text, command: "grep", segments: [], failed: false });
}

/** The file each `path:…` line names, in order of first appearance. */
function pathsOf(text: string): string[] {
  return [
    ...new Set(
      splitLines(text)
        .map((line) => /^([^:]+):/.exec(line)?.[1])
        .filter((path): path is string => path !== undefined),
    ),
  ];
}

/** How many lines name each file. */
function countsOf(text: string): number[] {
  const counts = new Map<string, number>();
  for (const line of splitLines(text)) {
    const path = /^([^:]+):/.exec(line)?.[1];
    if (path !== undefined) counts.set(path, (counts.get(path) ?? 0) + 1);
  }
  return [...counts.values()];
}

describe("search distiller", () => {
  test.each(["grep_tool_export_function", "grep_rn_export_function", "rg_n_expect_calls", "rg_no_line_numbers"])(
    "never drops a file name (%s)",
    (name) => {
      const { text } = fixture("search", name);
      const out = distill(text)!;
      expect(out).not.toBeNull();
      expect(pathsOf(out).filter((path) => path !== "search")).toEqual(pathsOf(text));
    },
  );

  test("shows at least five matches per file, more when few files matched", () => {
    const files = (count: number) => Array.from({ length: count }, () => 100);
    expect([1, 2, 6, 8, 50].map((count) => matchesShownPerFile(files(count)))).toEqual([40, 20, 6, 5, 5]);
  });

  test("gives the share a file with few matches leaves to the others, up to forty lines in all", () => {
    expect(matchesShownPerFile([5, 1, 1, 23])).toBe(23);
    expect(matchesShownPerFile([1, 1, 60])).toBe(38);
    expect(matchesShownPerFile([3, 60, 60])).toBe(18);
    // 30 matches in four files, 23 in utf8proc.c: every match is shown, so the raw result passes.
    const { text } = fixture("search", "h16_grep_rn_utf8proc_error_codes");
    expect(splitLines(text).length).toBe(30);
    expect(distill(text)).toBeNull();
  });

  test("keeps the first matches of a long file verbatim and counts the rest", () => {
    const { text } = fixture("search", "grep_tool_export_function");
    const perFile = matchesShownPerFile(countsOf(text));
    const utils = splitLines(text).filter((line) => line.startsWith("src/utils.ts:"));
    expect(utils.length).toBeGreaterThan(perFile + 1);
    const out = splitLines(distill(text)!);
    expect(out.filter((line) => line.startsWith("src/utils.ts:"))).toEqual(utils.slice(0, perFile));
    const marker = out[out.indexOf(utils[perFile - 1]!) + 1];
    expect(marker).toBe(`  ... [${utils.length - perFile} more matches in this file]`);
  });

  test("shortens nothing in a file with one match more than its share or fewer", () => {
    const { text } = fixture("search", "grep_tool_export_function");
    const out = distill(text)!;
    const perFile = matchesShownPerFile(countsOf(text));
    const byFile = new Map<string, number>();
    for (const path of splitLines(text).map((line) => line.split(":")[0]!)) byFile.set(path, (byFile.get(path) ?? 0) + 1);
    const small = [...byFile].filter(([, count]) => count <= perFile + 1);
    expect(small.length).toBeGreaterThan(0);
    for (const [path, count] of small) expect(splitLines(out).filter((line) => line.startsWith(`${path}:`)).length).toBe(count);
  });

  test("the shown and counted matches add up to the result", () => {
    const { text } = fixture("search", "rg_n_expect_calls");
    const out = splitLines(distill(text)!);
    const shown = out.filter((line) => /^[^\s:]+:\d+:/.test(line)).length;
    const counted = out
      .map((line) => /^ {2}\.\.\. \[(\d+) more matches in this file\]$/.exec(line)?.[1])
      .reduce((sum, n) => sum + Number(n ?? 0), 0);
    expect(shown + counted).toBe(splitLines(text).length);
    expect(out[0]).toBe(`search: ${splitLines(text).length} matches in ${pathsOf(text).length} files`);
  });

  test("shows forty matches of a one-file search that prints no path, and counts the rest", () => {
    const { text } = fixture("search", "grep_n_single_file_outline");
    const out = splitLines(distill(text)!);
    expect(out.slice(1, 41)).toEqual(splitLines(text).slice(0, 40));
    expect(out[41]).toBe("  ... [10 more matches in this file]");
    expect(out).toHaveLength(42);
  });

  test("keeps a match that states a failure however far down its file it is", () => {
    const lines = splitLines(fixture("search", "grep_tool_export_function").text);
    const last = lines.findLastIndex((line) => line.startsWith("src/utils.ts:"));
    lines[last] = `${lines[last]} // error: kept`;
    expect(distill(lines.join("\n") + "\n")).toContain(lines[last]!);
  });
});

test("reads coloured rg output like plain output, and delivers it without the escapes", () => {
  const out = distill(fixture("search", "rg_color_always_many").text)!;
  expect(out).not.toContain("\x1b[");
  expect(pathsOf(out).filter((path) => path !== "search")).toEqual(["test/distillers/build.test.ts", "test/distillers/git.test.ts"]);
  // 35 matches in two files fit the forty lines a result shows: the coloured result passes whole.
  expect(distill(fixture("search", "rg_color_always").text)).toBeNull();
});

describe("search distiller declines", () => {
  const attribute = fixture("search", "grep_tool_short_attribute_name").text;
  test.each([
    ["a short result (< 20 lines)", attribute],
    ["prose", fixture("readfile", "upstream_cat_plain").text],
    ["JSON", fixture("structured", "npm_view_json").text],
    ["another tool's output (pytest)", fixture("test", "pytest_pass_q").text],
    ["a file listing (find)", fixture("system-ops", "find_large_listing").text],
    ["an access log whose timestamps look like `path:line:`", fixture("readfile", "tail_http_access_log").text],
    [
      "context output (-C, `--` separators)",
      splitLines(fixture("search", "grep_tool_export_function").text)
        .flatMap((line, i) => (i % 5 === 4 ? [line, "--"] : [line]))
        .join("\n"),
    ],
    ["a result where no file has more matches than its share", fixture("search", "upstream_grep_recursive_output").text],
    ["a one-file search of 21 matches (within its share of 40)", fixture("search", "grep_tool_single_file").text],
  ])("returns null for %s", (_label, text) => {
    expect(distill(text)).toBeNull();
  });
});

test("search distiller returns null for every fixture of the other families", () => {
  const claimed = loadFixtures()
    // Held-out fixtures are measured by the bench, not listed here before their review.
    .filter((other) => other.family !== "search" && !other.holdout)
    .filter((other) => distill(other.text) !== null)
    .map((other) => `${other.family}/${other.name}`);
  expect(claimed).toEqual([]);
});
