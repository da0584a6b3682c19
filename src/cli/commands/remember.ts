import { CATEGORIES, MAX_FACT_CHARS, parseTags, rememberFact, type Category } from "../../memory/remember.ts";
import { GLOBAL_SCOPE } from "../../base/project-hash.ts";
import { writeOut } from "../../platform/io.ts";
import { defineCommand } from "../command.ts";
import { ActionableError } from "../errors.ts";
import { withMemory } from "../../runtime/memory-runtime.ts";

export default defineCommand({
  usage: "omni remember <text> [-c decision|pattern|gotcha|fact] [-t tag,tag] [--global|--project-scoped]",
  description: "Store a fact in persistent memory; omni_recall and the session context bring it back.",
  flags: {
    category: { type: "string", short: "c", valueName: "kind", description: "decision, pattern, gotcha or fact (default fact)" },
    tags: { type: "string", short: "t", valueName: "a,b", description: "comma-separated tags" },
    global: { type: "boolean", description: "visible from every project" },
    "project-scoped": { type: "boolean", description: "visible from this project only (default)" },
  },
  notes: "Worth storing: a decision and its reason, a gotcha, a constraint no file states.\nExit status: 0 stored, 1 on a usage error.",
  run({ env }, { flags, positionals }) {
    const text = positionals.join(" ").trim();
    if (text === "")
      throw new ActionableError(
        "omni remember needs the fact to store: omni remember 'The staging database ignores migrations run outside the deploy job'",
      );
    if (text.length > MAX_FACT_CHARS)
      throw new ActionableError(`a fact is at most ${MAX_FACT_CHARS} characters; store the conclusion, not the evidence`);
    const category = (typeof flags.category === "string" ? flags.category : "fact") as Category;
    if (!CATEGORIES.includes(category)) throw new ActionableError(`unknown category '${category}'; use one of ${CATEGORIES.join(", ")}`);
    if (flags.global && flags["project-scoped"]) throw new ActionableError("choose one of --global and --project-scoped");
    return withMemory(env, ({ db, scope, now }) => {
      const projectHash = flags.global ? GLOBAL_SCOPE : scope.hash;
      const key = rememberFact(db, {
        text,
        category,
        tags: parseTags(typeof flags.tags === "string" ? flags.tags : undefined),
        projectHash,
        ts: now,
      });
      writeOut(`remembered (${category}, ${flags.global ? "global" : "this project"}): ${key}\n`);
      return 0;
    });
  },
});
