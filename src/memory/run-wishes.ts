/**
 * What the user asked of every run, whichever entry point builds it: passthrough from the
 * environment, the project's pinned goal (the scorer favours its words) and the agent loop's
 * emphasis. One place, so a new entry point cannot honour one and forget another.
 */
import { projectHash } from "../base/project-hash.ts";
import type { PipelineRequest } from "../core/pipeline-types.ts";
import { envRequestsPassthrough } from "../core/route.ts";
import type { Env } from "../platform/paths.ts";
import type { Db } from "../store/db.ts";
import { storedGoalTerms } from "./goal.ts";
import { loopEmphasis } from "./loop.ts";

export function runWishes(
  env: Env,
  db: Db | null,
  projectPath: string | null,
): Pick<PipelineRequest, "passthroughRequested" | "goalTerms" | "emphasis"> {
  return {
    passthroughRequested: envRequestsPassthrough(env),
    goalTerms: storedGoalTerms(db, projectHash(projectPath)),
    emphasis: loopEmphasis(env),
  };
}
