import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { hostForPayload } from "../../src/hosts/index.ts";
import { makeSandbox, type Sandbox } from "../helpers/sandbox.ts";
import { corpusPayloads, FULL, handlesIn, isValidReply, runHook } from "./helpers.ts";

const PROCESSES = FULL ? 16 : 4;
const PAYLOADS_PER_PROCESS = FULL ? 500 : 12;

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

test(`${PROCESSES} concurrent hook workers × ${PAYLOADS_PER_PROCESS} real payloads against one database`, async () => {
  sandbox = makeSandbox();
  const payloads = corpusPayloads();
  const reachesPipeline = (payload: string) => hostForPayload(JSON.parse(payload)).normalizePostTool(JSON.parse(payload))?.text != null;
  const outcomes = await Promise.all(
    Array.from({ length: PROCESSES }, async (_, worker) => {
      const results: Array<{ exitCode: number; stdout: string; payload: string }> = [];
      for (let i = 0; i < PAYLOADS_PER_PROCESS; i++) {
        const payload = payloads[(worker * 37 + i * 7) % payloads.length]!;
        results.push({ ...(await runHook(payload, sandbox.env)), payload });
      }
      return results;
    }),
  );
  const all = outcomes.flat();
  expect(all.filter((r) => r.exitCode !== 0)).toEqual([]);
  expect(all.filter((r) => !isValidReply(r.stdout)).map((r) => r.stdout.slice(0, 200))).toEqual([]);
  const db = new Database(sandbox.dbPath, { readonly: true });
  try {
    const rows = (db.query("SELECT COUNT(*) AS n FROM distillations").get() as { n: number }).n;
    expect(rows).toBe(all.filter((r) => reachesPipeline(r.payload)).length);
    const handles = [...new Set(all.flatMap((r) => handlesIn(r.stdout)))];
    const missing = handles.filter((h) => db.query("SELECT 1 FROM rewind_store WHERE hash = ?1").get(h) === null);
    expect(missing).toEqual([]);
  } finally {
    db.close();
  }
}, 600_000);
