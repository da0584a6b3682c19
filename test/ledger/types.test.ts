import { expect, test } from "bun:test";
import { projectScope, sessionOf } from "../../src/ledger/types.ts";

test("a reader scope's session is the part before the first slash: a subagent belongs to its host session", () => {
  expect(sessionOf("s1")).toBe("s1");
  expect(sessionOf("s1/agent-7")).toBe("s1");
  expect(sessionOf("s1/agent-7/nested")).toBe("s1");
});

test("the project scope is prefixed, and there is none outside a project", () => {
  expect(projectScope("/repo")).toBe("project:/repo");
  expect(projectScope("")).toBeNull();
  expect(projectScope(null)).toBeNull();
});
