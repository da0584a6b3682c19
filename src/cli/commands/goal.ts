import { clearGoal, getGoal, goalProblem, setGoal } from "../../memory/goal.ts";
import { writeOut } from "../../platform/io.ts";
import { defineCommand } from "../command.ts";
import { ActionableError } from "../errors.ts";
import { withMemory } from "../../runtime/memory-runtime.ts";

export default defineCommand({
  usage: "omni goal [set] <text> | show | clear",
  description: "Pin a north-star goal: the scorer favours output related to it, and each session starts with a reminder.",
  flags: {
    show: { type: "boolean", description: "print the pinned goal (same as `omni goal show`)" },
    status: { type: "boolean", description: "alias of --show" },
  },
  notes:
    "set is the default: omni goal 'Migrate the billing service off the legacy queue'\nunset is accepted for clear. Exit status: 0 done, 1 on a usage error or no goal to show.",
  run({ env }, { flags, positionals }) {
    const [first, ...rest] = positionals;
    const action =
      flags.show || flags.status
        ? "show"
        : first === "show" || first === "clear" || first === "unset" || first === "set"
          ? first
          : first === undefined
            ? "show"
            : "set";
    const text = (action === "set" && first === "set" ? rest : positionals).join(" ").trim();
    return withMemory(env, ({ db, scope, now }) => {
      if (action === "show") {
        const goal = getGoal(db, scope.hash);
        if (!goal) throw new ActionableError("no goal pinned for this project; set one with omni goal set '<what done looks like>'");
        writeOut(`${goal.text}\n`);
        return 0;
      }
      if (action === "clear" || action === "unset") {
        writeOut(clearGoal(db, scope.hash) ? "goal cleared\n" : "no goal was pinned\n");
        return 0;
      }
      const problem = goalProblem(text);
      if (problem) throw new ActionableError(problem);
      setGoal(db, scope.hash, text, now);
      writeOut(`goal pinned: ${text}\n`);
      return 0;
    });
  },
});
