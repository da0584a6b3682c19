import { afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
let project: string;
afterEach(() => {
  sandbox?.cleanup();
  rmSync(project, { recursive: true, force: true });
});

const SUITE = `import { test } from "node:test";
import assert from "node:assert/strict";
for (let i = 0; i < 40; i++) test("passes " + i, () => assert.equal(i, i));
test("adds tax", () => assert.equal(Math.round(100 * 1.07), 108));
`;

describe("omni exec on a failing test run", () => {
  test("keeps the exit code, the failing test, its assertion and the tally, and archives the rest", () => {
    sandbox = makeSandbox();
    project = mkdtempSync(join(tmpdir(), "omni-node-test-"));
    writeFileSync(join(project, "tax.test.mjs"), SUITE);
    const run = runOmni(["exec", "node", "--test", "--test-reporter=tap", "tax.test.mjs"], { env: sandbox.env, cwd: project });
    const out = run.stdout.toString();
    expect(run.exitCode).toBe(1);
    expect(out).toContain("not ok 41 - adds tax");
    expect(out).toContain("107 !== 108");
    expect(out).toContain("# fail 1");
    expect(out).toContain("# pass 40");
    expect(out).not.toContain("ok 7 - passes 6");
    const handle = /omni retrieve ([0-9a-f]{16})/.exec(out)?.[1];
    expect(handle).toBeDefined();
    const raw = runOmni(["retrieve", handle!], { env: sandbox.env }).stdout.toString();
    expect(raw).toContain("ok 7 - passes 6");
    expect(raw).toContain("not ok 41 - adds tax");
  });
});
