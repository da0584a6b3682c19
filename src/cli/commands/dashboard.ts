import { DEFAULT_DASHBOARD_PORT, startDashboard } from "../../dashboard/server.ts";
import { loadStatsReport } from "../../stats/load.ts";
import { statsWindow } from "../../stats/window.ts";
import { systemClock } from "../../platform/clock.ts";
import { writeOut } from "../../platform/io.ts";
import { databasePath } from "../../platform/paths.ts";
import { openReadOnly } from "../../store/db.ts";
import { traceForRun } from "../../store/traces.ts";
import { defineCommand } from "../command.ts";
import { ActionableError } from "../errors.ts";

export default defineCommand({
  usage: "omni dashboard [--port N]",
  description: "The numbers omni stats prints, in a browser. Read-only, on 127.0.0.1 only.",
  flags: {
    port: { type: "string", valueName: "N", description: `port on 127.0.0.1 (default ${DEFAULT_DASHBOARD_PORT}; 0 picks a free one)` },
  },
  notes: "Ctrl-C stops it. GET /health answers ok; /api/stats is omni stats --json.",
  async run({ env }, { flags }) {
    const port = flags.port === undefined ? DEFAULT_DASHBOARD_PORT : Number(flags.port);
    if (!Number.isInteger(port) || port < 0 || port > 65_535)
      throw new ActionableError(`--port takes a number from 0 to 65535, not \`${flags.port}\``);
    const db = openReadOnly(databasePath(env));
    let server: ReturnType<typeof startDashboard>;
    try {
      server = startDashboard(
        {
          report() {
            return loadStatsReport(db, statsWindow("month", Math.floor(systemClock.now() / 1000)));
          },
          run: (id) => traceForRun(db, id),
        },
        port,
      );
    } catch (error) {
      db.close();
      throw new ActionableError(
        `cannot listen on 127.0.0.1:${port} (${error instanceof Error ? error.message : String(error)}); pick another with --port`,
      );
    }
    writeOut(`omni dashboard on http://127.0.0.1:${server.port}/ (Ctrl-C stops it)\n`);
    return new Promise<number>((resolve) => {
      const stop = () => {
        void server.stop(true);
        db.close();
        writeOut("omni dashboard stopped\n");
        resolve(0);
      };
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
  },
});
