/**
 * Reach: of a corpus's shell calls, how many the pre-hook gateway would send through `omni exec`,
 * the rest by the gateway's reason, and the share of failing test and build runs among them,
 * the runs a host shows raw unless they were rewritten. Decided for a user with no permission
 * rules in default mode, the commonest install.
 *
 * Which failing calls are test or build runs is judged by the words of the command alone
 * (test, check, build, make, a compiler or runner's name), not by omni's routing, so a runner
 * the routing does not know still counts against reach.
 */
import { decideRewrite } from "../core/gateway/decide.ts";
import { NO_RULES } from "../core/gateway/permission-rules.ts";

export interface ReachReport {
  shellCalls: number;
  rewritten: number;
  /** Calls left alone, by the gateway's reason, most frequent first. */
  leftAlone: Array<{ reason: string; calls: number }>;
  failingTestOrBuild: number;
  failingTestOrBuildRewritten: number;
  /** The failing test and build runs left alone, with the reason, so a gap is named, not averaged. */
  missed: Array<{ command: string; reason: string }>;
}

const TEST_OR_BUILD =
  /(?:^|[\s/;&|(])(?:test|tests|spec|check|build|make|ninja|ctest|meson|cmake|cargo|go|gradlew?|mvnw?|tsc|eslint|lint|pytest|jest|vitest|mocha|rspec|prove|phpunit|tox|nox|compile|dotnet|swift|bazel|zig|deno|bun|npm|pnpm|yarn|tape|tap|ava|unittest|run-tests|rake)(?:$|[\s:.;&|)_-])/;

export function isTestOrBuildCommand(command: string): boolean {
  return TEST_OR_BUILD.test(command);
}

export function measureReach(calls: Array<{ command: string; failed: boolean }>): ReachReport {
  const reasons = new Map<string, number>();
  const report: ReachReport = {
    shellCalls: calls.length,
    rewritten: 0,
    leftAlone: [],
    failingTestOrBuild: 0,
    failingTestOrBuildRewritten: 0,
    missed: [],
  };
  for (const { command, failed } of calls) {
    const decision = decideRewrite({
      command,
      runInBackground: false,
      permissionMode: "default",
      rules: () => NO_RULES,
      exe: "/opt/omni/omni",
      scope: { agentId: "claude_code", sessionId: "reach", subagentId: null },
    });
    if (decision.rewrite) report.rewritten++;
    else reasons.set(decision.reason, (reasons.get(decision.reason) ?? 0) + 1);
    if (failed && isTestOrBuildCommand(command)) {
      report.failingTestOrBuild++;
      if (decision.rewrite) report.failingTestOrBuildRewritten++;
      else report.missed.push({ command, reason: decision.reason });
    }
  }
  report.leftAlone = [...reasons]
    .map(([reason, n]) => ({ reason, calls: n }))
    .sort((a, b) => b.calls - a.calls || a.reason.localeCompare(b.reason));
  return report;
}
