import { describe, expect, test } from "bun:test";
import { routeCommand } from "../../src/core/route.ts";
import { distillWith } from "../helpers/distill.ts";
import { loadFixtures } from "../helpers/fixtures.ts";

const fixtures = loadFixtures("jsts");
const text = (name: string) => fixtures.find((f) => f.name === name)!.text;

describe("jsts distiller", () => {
  test("keeps every eslint error verbatim under its file, with eslint's own tally", () => {
    const raw = text("eslint_legacy_many");
    const out = distillWith("jsts", raw, { command: "npx eslint legacy", failed: true })!;
    const errors = raw.split("\n").filter((line) => /^\s+\d+:\d+\s+error\s/.test(line));
    expect(errors.length).toBe(9);
    for (const line of errors) expect(out).toContain(line);
    expect(out.split("\n")[0]).toBe("eslint: 9 errors, 313 warnings in 12 files");
    expect(out).toContain("top rules: no-var ×305, no-prototype-builtins ×6");
    expect(out).toContain("... [310 more warnings]");
    expect(out).toContain("✖ 322 problems (9 errors, 313 warnings)");
  });

  test("drops npm's script banners but keeps each section's result", () => {
    const out = distillWith("jsts", text("npm_run_check_composite"), { command: "npm run check", failed: true })!;
    expect(out).not.toContain("> storefront@2.1.0");
    expect(out).toContain("[18 asset size rows omitted]");
    expect(out).toContain("✓ built in 188ms");
    expect(out).toContain("[warn] Code style issues found in 9 files. Run Prettier with --write to fix.");
  });

  test("a script whose tools printed nothing is handed back whole: its banners say what ran", () => {
    const raw = text("h7_npm_run_lint_commander_pass");
    expect(raw).toContain("> eslint typings/*.ts tests/*.ts");
    expect(distillWith("jsts", raw, { command: "npm run lint" })).toBeNull();
  });

  test("keeps the install result line and counts deprecations beyond the first three", () => {
    const out = distillWith("jsts", text("npm_install_fresh"))!;
    expect(out).toContain("added 715 packages in 14s");
    expect(out).toContain("[3 more deprecation warnings]");
  });

  test("keeps every reformatted file of prettier --write and counts the unchanged ones", () => {
    const out = distillWith("jsts", text("upstream_prettier_write"))!;
    expect(out).toBe(
      [
        "src/lib/i18n.tsx 21ms",
        "src/routes/index.tsx 18ms",
        "src/components/Header.tsx 9ms",
        "prettier --write: 3 reformatted, 6 unchanged",
        "",
      ].join("\n"),
    );
  });

  const legacy = text("eslint_legacy_many");
  const declines: Array<[string, string]> = [
    ["a vite dev server banner", text("upstream_vite_dev_server")],
    ["a live vite dev server banner", text("vite_dev_banner")],
    ["a dev server started through npm run (its script banner is not ceremony to strip)", text("npm_run_dev_banner")],
    ["an ERESOLVE peer-dependency conflict", text("npm_install_eresolve")],
    ["a missing npm script", text("npm_run_missing_script")],
    ["prettier --check findings", text("prettier_check_legacy")],
    ["an eslint report whose messages disagree with its tally", legacy.replace(/^ {3}276:13 {2}error.*\n/m, "")],
    ["an eslint report whose tally precedes its messages", text("upstream_eslint_errors")],
  ];
  test.each(declines)("declines %s", (_name, input) => {
    expect(distillWith("jsts", input)).toBeNull();
  });

  test("derives the disagreeing eslint report by removing exactly one error", () => {
    expect(legacy.replace(/^ {3}276:13 {2}error.*\n/m, "").split("\n").length).toBe(legacy.split("\n").length - 1);
  });

  test.each(["npm install", "pnpm install", "npx eslint .", "npx prettier --check .", "npm run verify"])(
    "routes `%s` to jsts",
    (command) => {
      expect(routeCommand(command).distiller).toBe("jsts");
    },
  );
});
