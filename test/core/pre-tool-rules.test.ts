import { describe, expect, test } from "bun:test";
import { isMutating, targetFiles } from "../../src/core/pre-tool-rules.ts";

describe("hot-file guard rules", () => {
  test("finds the files a command names", () => {
    expect(targetFiles("rm -f src/main.ts && cp a.txt b.txt")).toEqual(["src/main.ts", "a.txt", "b.txt"]);
    expect(targetFiles("ls -la")).toEqual([]);
  });

  test.each([
    "rm src/main.ts",
    "git checkout src/main.ts",
    "sed -i s/a/b/ x.ts",
    "mv a.ts b.ts",
    "cp a.ts b.ts",
    "truncate -s 0 log.txt",
    "git reset --hard",
    "git add src/main.ts",
    "git restore src/main.ts",
    "git clean -fd",
    "cargo build --release",
    "cargo install ripgrep",
    "cargo clean",
    "npm install left-pad",
    "npm ci",
    "echo hi > notes.txt",
    "FOO=1 rm a.ts",
    "ls && rm a.ts",
  ])("sees %p as mutating", (command) => {
    expect(isMutating(command)).toBe(true);
  });

  test.each(["cat src/main.ts", "git diff src/main.ts", "grep rm notes.txt", "git status", "cargo test", "npm run build", "rmdir-like x"])(
    "sees %p as read-only",
    (command) => {
      expect(isMutating(command)).toBe(false);
    },
  );
});
