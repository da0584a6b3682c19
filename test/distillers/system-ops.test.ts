import { describe, expect, test } from "bun:test";
import { splitLines } from "../../src/base/lines.ts";
import systemOps from "../../src/distillers/system-ops.ts";
import { fixture } from "../helpers/pipeline-run.ts";

function distill(text: string, command = ""): string | null {
  return systemOps.distill({ text, command, segments: [], failed: false });
}

describe("system-ops distiller", () => {
  test("drops apt's progress and keeps what was installed and the tally", () => {
    const { text } = fixture("system-ops", "apt_get_install_multi");
    const out = distill(text)!;
    for (const gone of [
      "Get:1 ",
      "Reading package lists...",
      "Preparing to unpack",
      "Unpacking ",
      "Selecting previously unselected",
      "Reading database",
      "Processing triggers",
    ])
      expect(out).not.toContain(gone);
    for (const kept of [
      "Setting up hexedit (1.6-1) ...",
      "Setting up tree (2.1.0-1) ...",
      "0 upgraded, 2 newly installed, 0 to remove and 126 not upgraded.",
      "sqlite3 is already the newest version",
    ])
      expect(out).toContain(kept);
  });

  test("drops wget's dot progress and keeps status, length and the saved line", () => {
    const out = splitLines(distill(fixture("system-ops", "wget_progress_download").text)!);
    expect(out.filter((line) => /^\s*\d+K /.test(line))).toEqual([]);
    expect(out).toContain("HTTP request sent, awaiting response... 200 OK");
    expect(out.some((line) => line.endsWith("saved [5000000/5000000]"))).toBe(true);
  });

  test("reduces curl's rewritten meter to its final state, under its header", () => {
    const out = splitLines(distill(fixture("system-ops", "curl_progress_download").text)!);
    expect(out).toHaveLength(3);
    expect(out[0]).toContain("% Total");
    expect(out[2]).toStartWith("100 4882k  100 4882k");
  });
});

describe("system-ops distiller declines", () => {
  test.each([
    ["a find listing", fixture("system-ops", "find_large_listing").text],
    ["an ls -la listing", fixture("system-ops", "ls_la_root").text],
    ["a tree", fixture("system-ops", "tree_depth2").text],
    ["prose", fixture("readfile", "upstream_cat_plain").text],
    ["JSON", fixture("structured", "cat_tsconfig_json").text],
    ["another tool's output (git status)", fixture("git", "git_status_zlib").text],
    ["a short output", fixture("git", "upstream_git_clean").text],
    [
      "progress and nothing else",
      splitLines(fixture("system-ops", "apt_get_update").text)
        .filter((line) => !line.startsWith("Fetched"))
        .join("\n"),
    ],
  ])("returns null for %s", (_label, text) => {
    expect(distill(text)).toBeNull();
  });
});
