import { afterEach, describe, expect, test } from "bun:test";
import { GLOBAL_SCOPE, projectHash } from "../../src/base/project-hash.ts";
import type { MemoryScope } from "../../src/memory/scope.ts";
import { recall } from "../../src/memory/recall.ts";
import { rememberFact } from "../../src/memory/remember.ts";
import { openDatabase, type Db } from "../../src/store/db.ts";
import { makeSandbox, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
let db: Db;
afterEach(() => {
  db?.close();
  sandbox?.cleanup();
});

const here: MemoryScope = { path: "/home/dev/billing", hash: projectHash("/home/dev/billing") };
const elsewhere: MemoryScope = { path: "/home/dev/other", hash: projectHash("/home/dev/other") };

function setup(): void {
  sandbox = makeSandbox();
  db = openDatabase(sandbox.dbPath);
}

describe("recall", () => {
  test("ranks the relevant fact above an unrelated one", () => {
    setup();
    rememberFact(db, {
      text: "Use pnpm, never npm, in this repository",
      category: "decision",
      tags: ["tooling"],
      projectHash: here.hash,
      ts: 1,
    });
    rememberFact(db, {
      text: "The staging database ignores migrations run outside the deploy job",
      category: "gotcha",
      tags: [],
      projectHash: here.hash,
      ts: 2,
    });
    rememberFact(db, { text: "The analytics database is a read-only replica", category: "fact", tags: [], projectHash: here.hash, ts: 3 });
    rememberFact(db, { text: "Logs rotate daily at midnight", category: "fact", tags: [], projectHash: here.hash, ts: 4 });
    const hits = recall(db, "why did my database migration not apply on staging", here, 5, 10);
    expect(hits.map((hit) => hit.text)).toEqual([
      "[gotcha] The staging database ignores migrations run outside the deploy job",
      "[fact] The analytics database is a read-only replica",
    ]);
  });

  test("stems words, so 'migrating' finds 'migrations'", () => {
    setup();
    rememberFact(db, {
      text: "The staging database ignores migrations run outside the deploy job",
      category: "gotcha",
      tags: [],
      projectHash: here.hash,
      ts: 2,
    });
    expect(recall(db, "migrating", here, 5, 10)).toHaveLength(1);
  });

  test("keeps project facts inside their project and shares global ones", () => {
    setup();
    rememberFact(db, { text: "Billing retries payments three times", category: "fact", tags: [], projectHash: here.hash, ts: 1 });
    rememberFact(db, { text: "Payments API keys live in the vault", category: "fact", tags: [], projectHash: GLOBAL_SCOPE, ts: 1 });
    expect(recall(db, "payments", elsewhere, 5, 10).map((hit) => hit.text)).toEqual(["[fact] Payments API keys live in the vault"]);
    expect(recall(db, "payments", here, 5, 10)).toHaveLength(2);
  });

  test("updates one row when the same fact is remembered twice", () => {
    setup();
    const first = rememberFact(db, { text: "Deploys freeze on Fridays", category: "decision", tags: [], projectHash: here.hash, ts: 1 });
    const second = rememberFact(db, {
      text: "deploys freeze on fridays ",
      category: "decision",
      tags: ["ops"],
      projectHash: here.hash,
      ts: 2,
    });
    expect(second).toBe(first);
    expect(recall(db, "deploys freeze", here, 5, 10)).toHaveLength(1);
  });
});
