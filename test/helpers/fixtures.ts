/** Real captured tool outputs, with the command that produced them and what must survive. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
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
  /** The host tool that produced it (`Read`, `Grep`); Bash when the meta names none. */
  tool: string;
  /** Held out of tuning: the snapshot test skips it, the bench measures it on its own. */
  holdout: boolean;
  /** The toolchain the capture came from (perl, meson, ...); null for the older fixtures. */
  ecosystem: string | null;
}

/** Strict: a misspelt or misplaced key (a note written under `tool`) fails every test that loads it. */
const metaSchema = z
  .object({
    command: z.string(),
    exit_code: z.number().int().nullable().optional(),
    must_keep: z.array(z.string()).optional(),
    must_keep_note: z.string().optional(),
    structured: z.boolean().optional(),
    /** The host tool that produced it; Bash when absent. */
    tool: z.enum(["Bash", "Read", "Grep", "WebFetch"]).optional(),
    cwd: z.string().optional(),
    origin: z.string().optional(),
    note: z.string().optional(),
    /** Part of the held-out half of the corpus: never tuned on, measured at the end. */
    holdout: z.boolean().optional(),
    ecosystem: z.string().optional(),
  })
  .strict();
type Meta = z.infer<typeof metaSchema>;

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
        const meta: Meta = existsSync(metaPath) ? parseMeta(metaPath) : { command: "" };
        return {
          name,
          family: fam,
          text: readFileSync(join(dir, file), "utf8"),
          command: meta.command,
          exitCode: meta.exit_code ?? null,
          mustKeep: meta.must_keep ?? [],
          structured: meta.structured ?? false,
          tool: meta.tool ?? "Bash",
          holdout: meta.holdout ?? false,
          ecosystem: meta.ecosystem ?? null,
        };
      });
  });
}

function parseMeta(path: string): Meta {
  const parsed = metaSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!parsed.success) throw new Error(`${path}: ${parsed.error.message}`);
  return parsed.data;
}
