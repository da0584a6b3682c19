/** Real captured tool outputs, with the command that produced them and what must survive. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./sandbox.ts";

export const FIXTURES_DIR = join(REPO_ROOT, "test/fixtures");

export interface Fixture {
  name: string;
  family: string;
  text: string;
  command: string;
  /** null when the capture did not record it (the original project's fixtures). */
  exitCode: number | null;
  mustKeep: string[];
  structured: boolean;
}

interface Meta {
  command: string;
  exit_code?: number | null;
  must_keep?: string[];
  structured?: boolean;
}

/** Every `<family>/<case>.txt` with its `<case>.meta.json` sidecar. */
export function loadFixtures(family?: string): Fixture[] {
  const families = family ? [family] : readdirSync(FIXTURES_DIR).filter((name) => !name.includes("."));
  return families.flatMap((fam) => {
    const dir = join(FIXTURES_DIR, fam);
    return readdirSync(dir)
      .filter((file) => file.endsWith(".txt") && !file.endsWith(".out.txt"))
      .map((file) => {
        const name = file.slice(0, -4);
        const metaPath = join(dir, `${name}.meta.json`);
        const meta: Meta = existsSync(metaPath) ? JSON.parse(readFileSync(metaPath, "utf8")) : { command: "" };
        return {
          name,
          family: fam,
          text: readFileSync(join(dir, file), "utf8"),
          command: meta.command,
          exitCode: meta.exit_code ?? null,
          mustKeep: meta.must_keep ?? [],
          structured: meta.structured ?? false,
        };
      });
  });
}
