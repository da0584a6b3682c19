import { describe, expect, test } from "bun:test";
import { runPipeline } from "../../src/core/pipeline.ts";
import type { PipelineRequest } from "../../src/core/pipeline-types.ts";
import { loadFixtures } from "../helpers/fixtures.ts";
import { fixedClock, memoryStore } from "../helpers/memory-store.ts";

const envFixture = loadFixtures("system-ops").find((fixture) => fixture.name === "env_fake_secrets")!;
const SECRETS = [
  "ghp_FAKE",
  "fakeSecret/AccessKey",
  "not-a-real-password",
  "fake-pg-password",
  "sk-fake-0000",
  "fake-mysql",
  "fake-session-secret",
  "AKIAFAKE",
];

function run(overrides: Partial<PipelineRequest>) {
  const store = memoryStore();
  const result = runPipeline(
    { text: envFixture.text, command: "env", entry: "hook", failed: false, agentId: "test", ...overrides },
    { store, clock: fixedClock },
  );
  return { result, store };
}

describe("secret masking in the pipeline", () => {
  test("masks every secret-named value and says how many, keeping the rest readable", () => {
    const { result } = run({});
    for (const secret of SECRETS) expect(result.delivered).not.toContain(secret);
    expect(result.delivered.split("\n")[0]).toBe("[OMNI: 8 sensitive value(s) redacted]");
    expect(result.delivered).toContain("DATABASE_URL=postgres://app:[REDACTED]@localhost:5432/app");
    expect(result.delivered).toContain("CLAUDE_CODE_MAX_OUTPUT_TOKENS=32000");
  });

  test("masks before archiving and tracing, so no handle or trace holds a secret", () => {
    const noisy = `${envFixture.text}${Array.from({ length: 80 }, (_, i) => `Downloading layer ${i}`).join("\n")}\n`;
    const { result, store } = run({ text: noisy, command: "node show-env.js" });
    expect(result.handle).not.toBeNull();
    const stored = [...store.blocks.values(), ...store.runs.map((r) => r.raw), ...store.runs.map((r) => r.delivered)].join("\n");
    for (const secret of SECRETS) expect(stored).not.toContain(secret);
  });

  test("masks a failed command's output too", () => {
    const { result } = run({ failed: true, exitCode: 1 });
    for (const secret of SECRETS) expect(result.delivered).not.toContain(secret);
  });

  test("leaves the bytes alone when passthrough was asked for", () => {
    const { result } = run({ passthroughRequested: true });
    expect(result.delivered).toBe(envFixture.text);
  });
});
