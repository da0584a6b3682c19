/**
 * A structured payload is still masked, in place: the same document with only the secrets'
 * values changed, no header line above it. A passthrough request keeps the delivery raw, but
 * what is stored is masked all the same.
 */
import { expect, test } from "bun:test";
import { runPipeline } from "../../src/core/pipeline.ts";
import { fixedClock, memoryStore } from "../helpers/memory-store.ts";
import { secretCorpus } from "../helpers/secrets-corpus.ts";

const [github, , , gitlab] = secretCorpus().map((s) => s.value);

test("a JSON reply keeps its every non-secret byte and still parses; only the secret values change", () => {
  const doc = {
    items: Array.from({ length: 30 }, (_, i) => ({ id: i, sha: `${i}`.padStart(40, "a"), name: `item-${i}` })),
    auth: { token: github, password: "Jp4kL9mQ2xR7", user: "deploy" },
    headers: { "PRIVATE-TOKEN": gitlab },
  };
  const text = `${JSON.stringify(doc, null, 2)}\n`;
  const result = runPipeline(
    { text, command: "curl -s https://api.example.com/v1/items", entry: "hook", tool: "Bash", failed: false, agentId: "test" },
    { store: memoryStore(), clock: fixedClock },
  );
  expect(result.route).toBe("redacted");
  const parsed = JSON.parse(result.delivered) as typeof doc;
  expect(parsed.items).toEqual(doc.items);
  expect(parsed.auth).toEqual({ token: "[REDACTED]", password: "[REDACTED]", user: "deploy" });
  expect(result.delivered.split("\n").length).toBe(text.split("\n").length);
  // Byte for byte, outside the masked values.
  const pattern = new RegExp(
    `^${text
      .split(/ghp_\w+|Jp4kL9mQ2xR7|glpat-[\w-]+/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join("\\[REDACTED\\]")}$`,
  );
  expect(result.delivered).toMatch(pattern);
});

test("passthrough asked for: the reader gets the raw bytes, the trace keeps the masked copy", () => {
  const text = `deploying\nGITHUB_TOKEN=${github}\n${"step ok\n".repeat(40)}`;
  const store = memoryStore();
  const result = runPipeline(
    {
      text,
      command: `GITHUB_TOKEN=${github} ./deploy.sh`,
      entry: "hook",
      tool: "Bash",
      failed: false,
      agentId: "test",
      passthroughRequested: true,
    },
    { store, clock: fixedClock },
  );
  expect(result.delivered).toBe(text);
  const stored = store.runs.flatMap((run) => [run.raw, run.delivered, run.command]).join("\n");
  expect(stored).not.toContain(github!);
  expect(stored).toContain("GITHUB_TOKEN=[REDACTED]");
});
