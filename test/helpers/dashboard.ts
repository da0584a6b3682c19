/** Starts the built `omni dashboard` on a free port and stops it with SIGINT, like Ctrl-C. */
import { OMNI_EXE, REPO_ROOT, type Sandbox } from "./sandbox.ts";

export interface RunningDashboard {
  url: string;
  port: number;
  process: ReturnType<typeof Bun.spawn>;
  /** Sends SIGINT and resolves with the exit code and everything printed. */
  interrupt(): Promise<{ exitCode: number | null; stdout: string }>;
}

export async function startDashboard(sandbox: Sandbox): Promise<RunningDashboard> {
  const child = Bun.spawn([OMNI_EXE, "dashboard", "--port", "0"], { env: sandbox.env, cwd: REPO_ROOT, stdout: "pipe", stderr: "pipe" });
  const reader = child.stdout.getReader();
  let printed = "";
  while (!printed.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`dashboard exited: ${printed}${await new Response(child.stderr).text()}`);
    printed += new TextDecoder().decode(value);
  }
  const port = Number(/127\.0\.0\.1:(\d+)/.exec(printed)?.[1]);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    process: child,
    async interrupt() {
      child.kill("SIGINT");
      const exitCode = await child.exited;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        printed += new TextDecoder().decode(value);
      }
      return { exitCode, stdout: printed };
    },
  };
}
