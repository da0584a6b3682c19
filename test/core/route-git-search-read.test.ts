import { describe, expect, test } from "bun:test";
import { routeCommand, routeTool } from "../../src/core/route.ts";

describe("routing to the git, search, readfile and system-ops distillers", () => {
  test.each([
    ["git log -p -3 -- src/utils.ts", "git"],
    ["git show HEAD~1", "git"],
    ["git --no-pager diff", "git"],
    ["git status", "git"],
    ["git log -15", "git"],
    ["git grep -n withBase", "search"],
    ["grep -rn TODO .", "search"],
    ["rg -n withoutTrailingSlash", "search"],
    ["ag parseURL src", "search"],
    ["cat src/utils.ts | grep export", "search"],
    ["cat README.md", "readfile"],
    ["head -n 40 src/a.ts", "readfile"],
    ["tail -n 200 /var/log/nginx/access.log", "readfile"],
    ["sed -n '1,80p' src/utils.ts", "readfile"],
    ["env", "system-ops"],
    ["printenv", "system-ops"],
    ["curl -o x.bin http://127.0.0.1:8765/x.bin", "system-ops"],
    ["wget http://127.0.0.1:8765/x.bin", "system-ops"],
    ["apt-get install -y ripgrep", "system-ops"],
  ])("%s → %s", (command, distiller) => {
    expect(routeCommand(command).distiller).toBe(distiller as never);
  });

  test.each([
    "git diff --stat",
    "git show --name-only HEAD",
    "git status --porcelain",
    "find . -name '*.ts'",
    "ls -la",
    "tree -L 2",
    "ps aux",
    "df -h",
    "grep -rn TODO . | head -20",
  ])("%s passes through: the listing is the answer", (command) => {
    expect(routeCommand(command).distiller).toBeNull();
  });

  test("host tools route by tool, not by command", () => {
    expect(routeTool("Read", "src/utils.ts").distiller).toBe("readfile");
    expect(routeTool("Grep", "export function").distiller).toBe("search");
  });
});
