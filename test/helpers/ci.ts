/** Whether the tests run under CI: there a missing snapshot or a skipped contract suite fails. */
export type Env = Record<string, string | undefined>;

/** CI sets CI (GitHub, GitLab, `.ci/run`); `CI=0` or `CI=false` is a local run. */
export function inCi(env: Env = process.env): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== "" && value !== "0" && value !== "false";
}
