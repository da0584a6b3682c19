import { afterEach, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { makeSandbox, OMNI_EXE, type Sandbox } from "../helpers/sandbox.ts";
import { corpusPayloads, FULL, handlesIn, isValidReply, runHook } from "./helpers.ts";

const KILLS = FULL ? 120 : 20;

let sandbox: Sandbox;
afterEach(() => sandbox?.cleanup());

test(`survives ${KILLS} SIGKILLs at random points of the hook's writes`, async () => {
  sandbox = makeSandbox();
  // The largest real payloads: their archive and trace writes take longest, so kills land mid-write.
  const payloads = corpusPayloads()
    .sort((a, b) => b.length - a.length)
    .slice(0, 20);
  // Kills land anywhere inside a hook's run on this machine, however fast or loaded it is: the
  // window is how long a whole run of these payloads takes here.
  const runMs: number[] = [];
  for (const payload of payloads.slice(0, 5)) {
    const started = performance.now();
    await runHook(payload, sandbox.env);
    runMs.push(performance.now() - started);
  }
  const windowMs = runMs.sort((a, b) => a - b)[2]!;
  let killed = 0;
  for (let i = 0; i < KILLS; i++) {
    const child = Bun.spawn([OMNI_EXE, "--post-hook"], {
      env: sandbox.env,
      stdin: Buffer.from(payloads[i % payloads.length]!),
      stdout: "ignore",
      stderr: "ignore",
    });
    await Bun.sleep(Math.random() * windowMs);
    child.kill("SIGKILL");
    if ((await child.exited) !== 0) killed++;
  }
  expect(killed).toBeGreaterThan(KILLS / 2);
  const next = await runHook(payloads[0]!, sandbox.env);
  expect(next.exitCode).toBe(0);
  expect(isValidReply(next.stdout)).toBe(true);
  const db = new Database(sandbox.dbPath);
  try {
    expect((db.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check).toBe("ok");
    const delivered = db.query("SELECT distilled_output FROM execution_traces").all() as Array<{ distilled_output: string }>;
    const dangling = delivered
      .flatMap((row) => handlesIn(row.distilled_output))
      .filter((h) => db.query("SELECT 1 FROM rewind_store WHERE hash = ?1").get(h) === null);
    expect(dangling).toEqual([]);
  } finally {
    db.close();
  }
}, 600_000);
