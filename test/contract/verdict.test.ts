/**
 * A contract suite that should run never skips quietly: the verdict for a host CLI that could not
 * be installed, and every contract file going through the one helper that applies it.
 */
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../helpers/sandbox.ts";
import { contractVerdict } from "./npm-cli.ts";

const MISSING = { bin: null, skip: "npm registry unreachable, cannot install opencode-ai@1.0.0: ENOTFOUND" } as const;
const INSTALLED = { bin: "/bin/true", skip: null } as const;

test("under CI a suite whose CLI cannot be installed fails, naming the CLI and the cause and how to opt out", () => {
  for (const ci of ["true", "1", "yes"]) {
    const verdict = contractVerdict("OpenCode", MISSING, { CI: ci });
    expect(verdict.kind).toBe("fail");
    const message = verdict.kind === "run" ? "" : verdict.message;
    expect(message).toContain("OpenCode contract test");
    expect(message).toContain(MISSING.skip);
    expect(message).toContain("OMNI_SKIP_CONTRACT=1");
  }
});

test("OMNI_SKIP_CONTRACT=1 is an explicit, reported skip, in CI or not", () => {
  for (const env of [{ CI: "true", OMNI_SKIP_CONTRACT: "1" }, { OMNI_SKIP_CONTRACT: "1" }]) {
    expect(contractVerdict("OpenCode", MISSING, env)).toEqual({
      kind: "skip",
      message: `skipping the OpenCode contract test, as asked: ${MISSING.skip}`,
    });
  }
});

test("outside CI a missing CLI skips with its reason; an installed one runs everywhere", () => {
  for (const env of [{}, { CI: "" }, { CI: "false" }, { CI: "0" }])
    expect(contractVerdict("OpenCode", MISSING, env)).toEqual({
      kind: "skip",
      message: `skipping the OpenCode contract test: ${MISSING.skip}`,
    });
  for (const env of [{}, { CI: "true" }]) expect(contractVerdict("OpenCode", INSTALLED, env)).toEqual({ kind: "run" });
});

test("every contract suite goes through describeHost, so the verdict applies to all of them", () => {
  const dir = join(REPO_ROOT, "test", "contract");
  const suites = readdirSync(dir).filter((file) => file.endsWith(".test.ts") && file !== "verdict.test.ts");
  expect(suites.length).toBeGreaterThan(5);
  for (const file of suites) {
    const source = readFileSync(join(dir, file), "utf8");
    expect({ file, describeHost: /\bdescribeHost\(/.test(source), ownSkip: /\.skip(If)?\(/.test(source) }).toEqual({
      file,
      describeHost: true,
      ownSkip: false,
    });
  }
});
