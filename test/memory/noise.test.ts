import { describe, expect, test } from "bun:test";
import { findNoise } from "../../src/memory/noise.ts";

const trace = (raw: string) => ({ command: "kubectl get deploy -o yaml", agentId: "claude_code", raw });

describe("noise finder", () => {
  test("suggests a line repeated across outputs", () => {
    const traces = [1, 2, 3].map((i) => trace(`Refreshing cache for workspace\nreplicas: ${i} ready of ${i + 1}\n`));
    expect(findNoise(traces, 5)).toEqual([{ line: "Refreshing cache for workspace", outputs: 3, occurrences: 3 }]);
  });

  test("never suggests structure or the error channel, however often it repeats", () => {
    const raw = ["metadata:", "  spec:", "```", "[stderr]", "error: connection refused", "metadata: {name: x}", "  status: Running"].join(
      "\n",
    );
    expect(
      findNoise(
        Array.from({ length: 10 }, () => trace(raw)),
        10,
      ),
    ).toEqual([]);
  });
});
