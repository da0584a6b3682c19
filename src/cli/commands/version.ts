import { databasePath, omniHome } from "../../platform/paths.ts";
import { writeOut } from "../../platform/io.ts";
import { BUILD_DATE, GIT_HASH, VERSION } from "../../platform/version.ts";
import { defineCommand } from "../command.ts";

export default defineCommand({
  usage: "omni version [--json]",
  description: "Version, build and the paths omni resolved for its data.",
  flags: { json: { type: "boolean", description: "print one JSON object" } },
  run({ env }, { flags }) {
    const info = {
      version: VERSION,
      build_date: BUILD_DATE,
      git_hash: GIT_HASH,
      home: omniHome(env),
      db_path: databasePath(env),
      runtime: `bun ${Bun.version}`,
    };
    if (flags.json) writeOut(`${JSON.stringify(info)}\n`);
    else
      writeOut(
        `OMNI v${VERSION} (${GIT_HASH}, built ${BUILD_DATE})\n  home:     ${info.home}\n  database: ${info.db_path}\n  runtime:  ${info.runtime}\n`,
      );
    return 0;
  },
});
