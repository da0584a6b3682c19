import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { replayCorpus, type ReplayResult } from "../../bench/lib/corpus-replay.ts";
import { makeSandbox, OMNI_EXE, SHARED } from "../helpers/sandbox.ts";

const sandbox = makeSandbox({ OMNI_HOOK_DEADLINE_MS: "10000" });
afterAll(() => sandbox.cleanup());

let replay: ReplayResult;

describe("ledger over the recorded sessions, through the built executable", () => {
  test("replays every session", () => {
    replay = replayCorpus({ exe: OMNI_EXE, env: sandbox.env, dbPath: sandbox.dbPath, sessionsDir: join(SHARED, "corpus/sessions"), ledger: true });
    expect(replay.sessions.length).toBe(13);
    // Not vacuous: both kinds of fold happen on this corpus.
    expect(replay.audit.totals.sessionMarkers).toBeGreaterThan(0);
    expect(replay.audit.totals.projectMarkers).toBeGreaterThan(0);
  }, 120_000);

  test("never claims a reader was shown a line it was not, folds no failure, changes no structured payload, grows no reply", () => {
    expect(replay.audit.violations.slice(0, 10)).toEqual([]);
    expect(replay.audit.totals.unverified).toBe(0);
  });

  test("every handle in the replies resolves through omni retrieve to exactly the bytes it replaced", () => {
    expect(replay.handles).toBeGreaterThan(0);
    expect(replay.retrieveMismatches).toEqual([]);
  }, 60_000);
});
