/** Preload for a runtime check: reports on stderr every MCP SDK or zod module the process evaluates. */
import { plugin } from "bun";
import { readFileSync } from "node:fs";

plugin({
  name: "trace-sdk-loads",
  setup(build) {
    build.onLoad({ filter: /node_modules\/(zod|@modelcontextprotocol)\/.*\.js$/ }, (args) => {
      process.stderr.write(`LOADED ${args.path}\n`);
      return { contents: readFileSync(args.path, "utf8"), loader: "js" };
    });
  },
});
