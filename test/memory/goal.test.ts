import { afterEach, describe, expect, test } from "bun:test";
import { goalProblem, goalTerms, setGoal, storedGoalTerms } from "../../src/memory/goal.ts";
import { scoreLines } from "../../src/base/score.ts";
import { openDatabase, type Db } from "../../src/store/db.ts";
import { makeSandbox, type Sandbox } from "../helpers/sandbox.ts";

let sandbox: Sandbox;
let db: Db;
afterEach(() => {
  db?.close();
  sandbox?.cleanup();
});

describe("goal", () => {
  test("rejects text that names nothing to match", () => {
    expect(goalProblem("hi")).toContain("at least 10 characters");
    expect(goalProblem("a b c d e f g")).toContain("at least 10 characters");
    expect(goalProblem("Migrate the billing service off the legacy queue")).toBeNull();
    expect(goalProblem("x".repeat(501))).toContain("at most 500");
  });

  test("gives the scorer the goal's words, so a line naming one scores higher", () => {
    sandbox = makeSandbox();
    db = openDatabase(sandbox.dbPath);
    expect(storedGoalTerms(db, "p")).toBeUndefined();
    setGoal(db, "p", "Migrate the billing service off the legacy queue", 1);
    const terms = storedGoalTerms(db, "p");
    expect(terms).toEqual(goalTerms("Migrate the billing service off the legacy queue"));
    expect(terms).toEqual(["migrate", "billing", "service", "legacy", "queue"]);
    const [plain, boosted] = scoreLines("loading module alpha\nloading module billing\n", { goalTerms: terms });
    expect(boosted!.score).toBeGreaterThan(plain!.score);
  });
});
