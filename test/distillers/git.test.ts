import { describe, expect, test } from "bun:test";
import { splitLines } from "../../src/base/lines.ts";
import git from "../../src/distillers/git.ts";
import { loadFixtures } from "../helpers/fixtures.ts";
import { fixture, runFixture, savedPercent } from "../helpers/pipeline-run.ts";

function distill(text: string): string | null {
  return git.distill({ text, command: "git", segments: [], failed: false });
}

describe("git distiller: published targets through the whole pipeline, marker included", () => {
  test.each([
    ["upstream_git_status_dirty", 66.7],
    ["upstream_git_diff_multi_file", 37.8],
    // A verbose `git log -15` (bodies of 2-6 lines); the manual's 94% came from longer bodies.
    ["git_log_15_bodies", 85],
  ])("saves at least the published share on %s", (name, target) => {
    const result = runFixture(fixture("git", name));
    expect(result.route).toBe("distilled");
    expect(savedPercent(result)).toBeGreaterThanOrEqual(target);
  });
});

describe("git log", () => {
  test.each(["git_log_15_bodies", "git_log_15_itertools", "git_log_verbose15", "git_log_p_encoding"])(
    "keeps every commit of %s, in order, as hash + subject",
    (name) => {
      const { text } = fixture("git", name);
      const hashes = [...text.matchAll(/^commit ([0-9a-f]{40})/gm)].map((m) => m[1]!.slice(0, 7));
      const out = splitLines(distill(text)!);
      const commitLines = out.filter((line) => /^[0-9a-f]{7} /.test(line)).map((line) => line.slice(0, 7));
      expect(commitLines).toEqual(hashes);
    },
  );

  test("drops the Author/Date envelope and the body", () => {
    const out = distill(fixture("git", "git_log_verbose15").text)!;
    expect(out).not.toContain("Author:");
    expect(out).not.toContain("Date:");
    expect(out).not.toContain("* Drop EOL node 20 from test matrix");
  });

  test("keeps a body line that states a failure", () => {
    const text = fixture("git", "git_log_verbose15").text.replace("    * Drop EOL node 20 from test matrix", "    * CI failed on node 20");
    expect(distill(text)).toContain("CI failed on node 20");
  });
});

describe("git diff", () => {
  test("keeps every changed line and every hunk header, drops unchanged context", () => {
    const { text } = fixture("git", "git_diff_worktree_multi");
    const out = splitLines(distill(text)!);
    const changed = splitLines(text).filter((line) => /^[-+](?![-+]{2} )/.test(line));
    const hunks = splitLines(text).filter((line) => line.startsWith("@@ "));
    for (const line of [...changed, ...hunks]) expect(out).toContain(line);
    expect(out.filter((line) => line.startsWith(" "))).toEqual([]);
  });

  test("states the file and line counts it saw", () => {
    expect(distill(fixture("git", "upstream_git_diff_multi_file").text)!.split("\n")[0]).toBe("git diff: 2 files, +2 -1");
  });

  test("names renamed, new and deleted files, and counts a file deleted whole instead of listing it", () => {
    const out = distill(fixture("git", "git_diff_cached_rename_new_deleted").text)!;
    expect(out).toContain("cli/flags.ts → cli/strict-flags.ts (100% similar)");
    expect(out).toContain("core/text-lines.ts (new file)");
    expect(out).toContain("store/db.ts (deleted, 65 lines)");
    expect(out).not.toMatch(/^-/m);
  });

  test("keeps lines after the diff as they were (stderr the host appended)", () => {
    const { text } = fixture("git", "git_diff_with_stderr_warnings");
    const stderr = text.slice(text.indexOf("[stderr]\n"));
    expect(distill(text)).toEndWith(stderr);
  });

  test("keeps a context line that states a failure", () => {
    const text = fixture("git", "git_diff_one_hunk").text.replace(
      "   if (!respectQueryAndFragment) {",
      '   throw new Error("fatal: no fragment");',
    );
    expect(distill(text)).toContain('throw new Error("fatal: no fragment");');
  });
});

describe("git status", () => {
  test.each([
    "git_status_staged_diverged",
    "git_status_merge_conflict",
    "git_status_rebase_in_progress",
    "upstream_git_status_dirty",
    "git_status_zlib",
  ])("keeps every path of %s", (name) => {
    const { text } = fixture("git", name);
    const paths = splitLines(text)
      .filter((line) => /^\s/.test(line) && !/^\s*\(/.test(line) && !/^\s{3}pick /.test(line))
      .map((line) => line.trim().replace(/^[a-z ]+:\s+/, ""))
      .flatMap((entry) => entry.split(" -> "));
    expect(paths.length).toBeGreaterThan(0);
    const out = distill(text)!;
    for (const path of paths) expect(out).toContain(path);
  });

  test("writes the short-status codes git itself uses", () => {
    expect(distill(fixture("git", "upstream_git_status_dirty").text)).toBe(
      "## feature/omni\nM  src/main.rs\nA  src/lib.rs\n M Cargo.toml\n M README.md\n?? tests/fixtures/\n",
    );
  });

  test("keeps the state lines of a rebase in progress and how to go on with it, and drops the other hints", () => {
    const out = distill(fixture("git", "git_status_rebase_in_progress").text)!;
    expect(out).toContain("interactive rebase in progress; onto f1fd416");
    expect(out).toContain("You are currently rebasing branch 'feature' on 'f1fd416'.");
    expect(out).toContain('  (fix conflicts and then run "git rebase --continue")');
    expect(out).not.toContain("(use ");
    expect(out).not.toContain("--skip");
  });
});

describe("git output in colour", () => {
  test.each([
    ["git_diff_color_always", "git_diff_worktree_multi"],
    ["git_status_color_always", "git_status_staged_diverged"],
  ])("%s distills exactly like the same output without colour (%s)", (coloured, plain) => {
    expect(distill(fixture("git", coloured).text)).toBe(distill(fixture("git", plain).text)!);
  });
});

describe("git distiller declines", () => {
  test.each([
    ["prose", fixture("readfile", "upstream_cat_plain").text],
    ["JSON", fixture("structured", "cat_package_json").text],
    ["another tool's output (pytest)", fixture("test", "pytest_pass_q").text],
    ["a short one-line log", fixture("git", "upstream_git_log").text],
    ["an --oneline log (already minimal)", fixture("git", "git_log_long_oneline").text],
    ["git add -v output", fixture("git", "upstream_git_add").text],
  ])("returns null for %s", (_label, text) => {
    expect(distill(text)).toBeNull();
  });
});

test("git distiller returns null for every fixture of the other families", () => {
  const claimed = loadFixtures()
    .filter((other) => other.family !== "git")
    .filter((other) => distill(other.text) !== null)
    .map((other) => `${other.family}/${other.name}`);
  expect(claimed).toEqual([]);
});

describe("git bisect run", () => {
  test("keeps every step, how each step's run ended, and the first bad commit with its commit", () => {
    const raw = fixture("git", "h4_git_bisect_run_make_test_cmark").text;
    const out = distill(raw)!;
    const steps = (text: string) => text.split("\n").filter((line) => /^Bisecting: |^running /.test(line));
    expect(steps(out)).toEqual(steps(raw));
    expect(out).toContain("100% tests passed, 0 tests failed out of 9");
    expect(out).toContain("44% tests passed, 5 tests failed out of 9");
    expect(out.slice(out.indexOf("c628ad7e800bd2b09c53a4b17ca9df0ea0e400e8 is the first bad commit"))).toBe(
      raw.slice(raw.indexOf("c628ad7e800bd2b09c53a4b17ca9df0ea0e400e8 is the first bad commit")).trimEnd() + "\n",
    );
    expect(out.length * 10).toBeLessThan(raw.length);
  });

  test("declines a bisect run cut before its verdict", () => {
    const raw = fixture("git", "h4_git_bisect_run_make_test_cmark").text;
    expect(distill(raw.slice(0, raw.indexOf(" is the first bad commit") - 40))).toBeNull();
  });
});
