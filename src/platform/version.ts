/** Version and build facts; the build script defines the OMNI_BUILD_* values. */
import pkg from "../../package.json" with { type: "json" };

export const VERSION: string = pkg.version;
export const GIT_HASH: string = process.env.OMNI_BUILD_GIT_HASH ?? "dev";
export const BUILD_DATE: string = process.env.OMNI_BUILD_DATE ?? "dev";
