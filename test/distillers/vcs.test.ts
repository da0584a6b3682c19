import { describe, expect, test } from "bun:test";
import { routeCommand } from "../../src/core/route.ts";
import { distillWith } from "../helpers/distill.ts";
import { loadFixtures } from "../helpers/fixtures.ts";
import { runFixture } from "../helpers/pipeline-run.ts";

const fixtures = loadFixtures("vcs");
const text = (name: string) => fixtures.find((f) => f.name === name)!.text;
const piped = loadFixtures("structured").find((f) => f.name === "gh_pr_list_piped")!;
const cells = (line: string) => line.trim().split(/\s{2,}/);

describe("vcs distiller", () => {
  test.each(["gh_pr_list", "gh_issue_list", "gh_run_list"])("keeps every row of %s with every cell", (name) => {
    const raw = text(name)
      .split("\n")
      .filter((line) => line.trim() !== "");
    const out = distillWith("vcs", text(name))!.split("\n").filter(Boolean);
    expect(out.length).toBe(raw.length);
    out.forEach((line, i) => expect(cells(line)).toEqual(cells(raw[i]!)));
  });

  // Blank one branch cell: alignment is then the only thing that places the dates.
  const withEmptyCell = text("gh_pr_list").replace("webhook-retry      ", "                   ");
  const declines: Array<[string, string]> = [
    ["a listing with an empty cell", withEmptyCell],
    ["tab-separated rows (gh writing to a pipe)", piped.text],
    ["gh's message for an empty listing", "No open pull requests in acme/widgets\n"],
  ];
  test.each(declines)("declines %s", (_name, input) => {
    expect(distillWith("vcs", input)).toBeNull();
  });

  test("derives the empty-cell listing by blanking exactly one cell", () => {
    expect(withEmptyCell).not.toContain("webhook-retry");
    expect(withEmptyCell.length).toBe(text("gh_pr_list").length);
  });

  test("hands gh's tab-separated pipe output back untouched", () => {
    expect(runFixture(piped).delivered).toBe(piped.text);
  });

  test.each(["gh pr list", "gh issue list --label bug", "gh run list", "glab mr list"])("routes `%s` to vcs", (command) => {
    expect(routeCommand(command).distiller).toBe("vcs");
  });
});
