import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { splitLines } from "../../src/base/lines.ts";
import { formatBytes } from "../../src/base/markers.ts";
import { makeSandbox, runOmni, type Sandbox } from "../helpers/sandbox.ts";
import { NOISY_COMMAND, SESSION_FIXTURE } from "../helpers/seed.ts";

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

const COLUMN_WIDTH = 38;

/** The `git log -15` payload of the recorded session: a real hook call omni distills. */
function distilledPayload(): string {
  return readFileSync(SESSION_FIXTURE, "utf8")
    .split("\n")
    .find((line) => line.includes('"command": "git log -15"'))!;
}

function cut(line: string): string {
  const chars = [...line.replace(/\t/g, "    ")];
  return (chars.length <= COLUMN_WIDTH ? chars.join("") : `${chars.slice(0, COLUMN_WIDTH - 1).join("")}…`).trimEnd();
}

describe("omni diff", () => {
  test("says nothing was recorded yet on a fresh database", () => {
    sandbox = makeSandbox();
    const result = runOmni(["diff"], { env: sandbox.env });
    expect(result.exitCode).toBe(0);
    expect(result.stdout.toString()).toContain("nothing recorded yet");
  });

  test("skips a later command that printed nothing: there is nothing to compare in it", () => {
    sandbox = makeSandbox();
    runOmni(["--post-hook"], { env: sandbox.env, stdin: distilledPayload() });
    const silent = {
      ...JSON.parse(distilledPayload()),
      tool_input: { command: "git diff --stat" },
      tool_response: { stdout: "", stderr: "", interrupted: false, isImage: false },
    };
    runOmni(["--post-hook"], { env: sandbox.env, stdin: JSON.stringify(silent) });
    expect(JSON.parse(runOmni(["diff", "--json"], { env: sandbox.env }).stdout.toString()).command).toBe("git log -15");
  });

  test("shows the last hook call raw against delivered, with bytes, percent and handle", () => {
    sandbox = makeSandbox();
    const payload = JSON.parse(distilledPayload());
    const reply = JSON.parse(runOmni(["--post-hook"], { env: sandbox.env, stdin: distilledPayload() }).stdout.toString());
    const delivered: string = reply.hookSpecificOutput.updatedToolOutput?.stdout ?? reply.hookSpecificOutput.updatedToolOutput;
    const raw: string = payload.tool_response.stdout;
    const json = JSON.parse(runOmni(["diff", "--json"], { env: sandbox.env }).stdout.toString());
    expect(json.raw).toBe(raw);
    expect(json.delivered).toBe(delivered);
    const handle = /omni retrieve ([0-9a-f]{16})/.exec(delivered)![1];
    expect(json.handle).toBe(handle);

    const unified = runOmni(["diff"], { env: sandbox.env }).stdout.toString();
    const rawBytes = Buffer.byteLength(raw);
    const deliveredBytes = Buffer.byteLength(delivered);
    expect(unified).toContain(
      `bytes:     ${formatBytes(rawBytes)} → ${formatBytes(deliveredBytes)} (${((100 * (rawBytes - deliveredBytes)) / rawBytes).toFixed(1)}% saved)`,
    );
    expect(unified).toContain(`handle:    ${handle}`);
    expect(unified).toContain("--- raw\n+++ delivered\n@@ ");
  });

  test("lays raw and delivered side by side in 80 columns, every line in order on its side", () => {
    sandbox = makeSandbox();
    runOmni(["exec", NOISY_COMMAND], { env: sandbox.env });
    const json = JSON.parse(runOmni(["diff", "--json"], { env: sandbox.env }).stdout.toString());
    expect(json.raw).not.toBe(json.delivered);
    const out = runOmni(["diff", "--side-by-side"], { env: sandbox.env }).stdout.toString();
    expect(out).toBe(runOmni(["diff", "-y"], { env: sandbox.env }).stdout.toString());
    const lines = out.split("\n");
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    const body = lines.slice(lines.findIndex((line) => line.startsWith("───")) + 1).filter((line) => line !== "");
    const left = body
      .map((line) => [...line].slice(0, COLUMN_WIDTH).join("").trimEnd())
      .filter((_, i) => [...body[i]!][COLUMN_WIDTH + 1] !== ">");
    const right = body
      .filter((line) => [...line][COLUMN_WIDTH + 1] !== "<")
      .map((line) =>
        [...line]
          .slice(COLUMN_WIDTH + 3)
          .join("")
          .trimEnd(),
      );
    expect(left).toEqual(splitLines(json.raw).map(cut));
    expect(right).toEqual(splitLines(json.delivered).map(cut));
  });

  test("reports a passthrough as delivered unchanged", () => {
    sandbox = makeSandbox();
    runOmni(["exec", "echo hello"], { env: sandbox.env });
    const out = runOmni(["diff", "-y"], { env: sandbox.env }).stdout.toString();
    expect(out).toContain("6 B → 6 B (0.0% saved)");
    expect(out).toContain("Delivered unchanged (passthrough).");
  });
});
