import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSources } from "../../src/bench/corpus.ts";
import { createLedgerAudit } from "../../src/bench/audit.ts";
import { makeSandbox, type Sandbox } from "../helpers/sandbox.ts";
import { corpusPayloads, deliveredText, FULL, handlesIn, isValidReply, runHook } from "./helpers.ts";
import { blockContent } from "../helpers/archive-rows.ts";

const PROCESSES = FULL ? 16 : 4;
const PAYLOADS_PER_PROCESS = FULL ? 500 : 30;

let sandbox: Sandbox;
let dir: string;
afterEach(() => {
  sandbox?.cleanup();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test(`${PROCESSES} concurrent hook workers × ${PAYLOADS_PER_PROCESS} real payloads against one database`, async () => {
  sandbox = makeSandbox();
  dir = mkdtempSync(join(tmpdir(), "omni-concurrency-"));
  const payloads = corpusPayloads();
  // Each worker is one reader (its own session), replaying a different slice of real calls in order.
  const workers = Array.from({ length: PROCESSES }, (_, worker) => {
    const lines = Array.from({ length: PAYLOADS_PER_PROCESS }, (_, i) =>
      JSON.stringify({ ...JSON.parse(payloads[(worker * 37 + i) % payloads.length]!), session_id: `worker-${worker}` }),
    );
    const path = join(dir, `worker-${worker}.jsonl`);
    writeFileSync(path, lines.join("\n"));
    return { lines, calls: loadSources([path]).calls };
  });
  const replies = await Promise.all(
    workers.map(async ({ lines }) => {
      const out: Array<{ exitCode: number; stdout: string }> = [];
      for (const line of lines) out.push(await runHook(line, sandbox.env));
      return out;
    }),
  );
  const all = replies.flat();
  expect(all.filter((r) => r.exitCode !== 0)).toEqual([]);
  expect(all.filter((r) => !isValidReply(r.stdout)).map((r) => r.stdout.slice(0, 200))).toEqual([]);

  const db = new Database(sandbox.dbPath, { readonly: true });
  try {
    const rows = (db.query("SELECT COUNT(*) AS n FROM distillations").get() as { n: number }).n;
    expect(rows).toBe(workers.reduce((sum, w) => sum + w.calls.length, 0));
    const resolve = (handle: string) => blockContent(db, handle);
    const handles = [...new Set(all.flatMap((r) => handlesIn(r.stdout)))];
    expect(handles.filter((h) => resolve(h) === null)).toEqual([]);
    // Per reader, in delivery order: no "already shown" claim for a line that reader was not delivered.
    workers.forEach(({ lines, calls }, worker) => {
      // Which project saw what depends on how workers interleaved; only the reader's own claims are checkable.
      const auditor = createLedgerAudit(resolve, { projectClaims: false });
      let next = 0;
      lines.forEach((_line, i) => {
        const call = calls[next];
        if (!call || call.origin !== `${join(dir, `worker-${worker}.jsonl`)}:${i + 1}`) return;
        next++;
        const delivered = deliveredText(replies[worker]![i]!.stdout, call.text);
        auditor.observe({
          reader: call.scope!,
          project: call.project,
          input: call.text,
          output: delivered === call.text ? null : delivered,
        });
      });
      expect(auditor.counts()["false already shown"]).toBe(0);
      expect(auditor.counts().unresolved).toBe(0);
    });
  } finally {
    db.close();
  }
}, 1_200_000);
