/**
 * What the lines a cut dropped are about, for its marker: the files they open with, each with how
 * many dropped lines name it (`lines naming docs/USING.md 38, test/spec.js 120`), then the rule
 * codes their findings state (`codes SC2086, SC2006`), within a room of bytes; past it, how many
 * more. A linter's or a runner's list cut in its middle still says which files it reached and
 * what it found there.
 */
import { byteLength, stripAnsi } from "../base/lines.ts";

/** At most this much of the marker describes the dropped lines. */
export const MAX_DESCRIPTION_BYTES = 1_000;
/** Bytes of the room kept free: what a list item past the last one may need (`, 12 more`). */
const ROOM_SLACK_BYTES = 20;

/**
 * A line that opens with a file's path: `src/a.c:3:1: …`, `lib/URI.pm: [Policy] …`, eslint's path
 * heading, `t/a.py::test_b`, `configure:21:3: …`. Its extension is short:
 * `java.lang.NoClassDefFoundError:` names a class.
 */
const NAMES_FILE =
  /^((?:\/|\.\/)?(?:[\w.+@-]+\/)*[\w.+@-]+\.[A-Za-z]\w{0,5})(?=::|:\d|: |\s*$)|^((?:[\w.+@-]+\/)*[\w+@-][\w.+@-]*)(?=:\d+:\d+: )/;
/**
 * A finding's rule code, the first of: a leading `W0612:` / `E501` (pylint, flake8: a repeat that
 * points back keeps it), shellcheck's and gcc's `[SC2086]` / `[-Wunused]`, mypy's `[arg-type]`,
 * pylint's `(invalid-name)` alone, rubocop's `Style/Foo:`, markdownlint's `MD013/`, perlcritic's
 * `[Policy::Name]` heading its line (`--verbose 8`). A bracket right after a name is a test's
 * parameters (`test_plural[man-men]`), not a code.
 */
const RULE_CODE = [
  /^\S+?:\d+(?::\d+)?: ([A-Z]{1,3}\d{3,5}):? /,
  /\s\[([A-Z]{1,4}\d{3,5}|-W[\w=+-]+|[a-z]+(?:-[a-z]+)+)\]\s*$/,
  /\(([a-z]+(?:-[a-z]+)+)\)\s*$/,
  /^\S+?:\d+(?::\d+)?: [CWREF]: (?:\[Correctable\] )?([A-Z]\w+\/\w+):/,
  /^\S+?:\d+(?::\d+)? (MD\d{3})\//,
  /^\[([A-Z]\w*(?:::\w+)+)\] /,
];

/** `lines naming …; codes …`, or null when the dropped lines name no file and state no code. */
export function describeDropped(dropped: readonly string[], room: number): string | null {
  const files = new Map<string, number>();
  // Codes are listed by name only: a repeat that points back (`(same as 12)`) names none, so a count would mislead.
  const codes = new Set<string>();
  for (const line of dropped) {
    // A file's path opens its line: indented lines (a trace's frames) are not counted. Few lines carry escape codes.
    const plain = line.includes("\u001b") ? stripAnsi(line) : line;
    const named = NAMES_FILE.exec(plain);
    const path = named?.[1] ?? named?.[2];
    if (path !== undefined) files.set(path, (files.get(path) ?? 0) + 1);
    const code = ruleCode(plain);
    if (code !== null) codes.add(code);
  }
  if (files.size === 0 && codes.size === 0) return null;
  // Codes are the shorter list and say what was found: they get their room first, files the rest.
  const codeList = listWithin([...codes], Math.floor(room / 2));
  const fileList = listWithin(
    [...files].map(([path, count]) => `${path} ${count}`),
    room - byteLength(codeList ?? ""),
  );
  return [fileList === null ? null : `lines naming ${fileList}`, codeList === null ? null : `codes ${codeList}`]
    .filter((part) => part !== null)
    .join("; ");
}

function ruleCode(line: string): string | null {
  for (const pattern of RULE_CODE) {
    const code = pattern.exec(line)?.[1];
    if (code !== undefined) return code;
  }
  return null;
}

/** The items in order, comma-separated, within `room` bytes; past it, `N more`. */
function listWithin(items: string[], room: number): string | null {
  if (items.length === 0) return null;
  const parts: string[] = [];
  let bytes = 0;
  for (const item of items) {
    if (bytes + byteLength(item) + 2 > room - ROOM_SLACK_BYTES) break;
    parts.push(item);
    bytes += byteLength(item) + 2;
  }
  const more = items.length - parts.length;
  if (more > 0) parts.push(`${more} more`);
  return parts.join(", ");
}
