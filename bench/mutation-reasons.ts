/**
 * Why each surviving mutant of `bun run bench:mutation` is left, keyed by "path | trimmed source
 * line | mutation" (bench/mutation-report.ts's reasonKey), so a reason follows its line when code
 * above it moves. A survivor with no entry here fails the run.
 */
export const NOTES: string[] = [
  "The tests added with this bench (test/core/truncate, block-view, gateway-tables, route-tables, collapse, format,",
  "pre-tool-rules; test/ledger/record, types, plan; test/base/markers) each kill at least one mutant that survived",
  "before them. Before those tests the same run scored 60.7%: 182 of 300 mutants detected, 118 survived, and",
  "src/core/block-view.ts had no covering test at all (its 16 sampled mutants could not run).",
  "",
  "After src/core/pipeline.ts and src/core/route.ts were split into stages and routing parts, the sample moved with",
  "the code: the run on that layout (main ae8d4c0) scored 76.1%, 350 of 460 detected, 110 survived (89 with no",
  "reason): routing-table entries, commandFamily (no covering test at all), stage gates. The tests added then",
  "(test/core/routing-sets, routing-launchers, routing-family, pipeline-gates; test/ledger/ledger-stage; cases in",
  "test/ledger/plan and test/base/failure) write each table entry's route out and drive each gate through",
  "runPipeline; each kills at least one of those survivors. Reasons dropped: the ledger-stage structured sniff's",
  "(wrong: `&&` → `||` there stops every distilled view from folding), the recordShown guard's (the no-session",
  "case now checks that nothing is logged), and the gaps these tests close (a repeated Grep, the fold rows' scope",
  "and bytes, the small-payload byte sums).",
  "",
  "When the format sniff came to read lines one at a time (src/core/format.ts), its sample moved: the first run on it",
  "scored 93.9% (447 of 476), with 7 survivors in format.ts and no reason. The cases then added to",
  "test/core/format.test.ts (a two-line YAML document, a first row repeating a name, typed columns of numbers, dates",
  "and hex ids, base64 with a short line before the last) kill 5; the 3 left sit on a threshold's boundary.",
];

export const REASONS: Record<string, string> = {
  "src/core/routing/program.ts | let pipelineStart = 0; | `0` → `1`":
    "equivalent: the first segment is never piped into, so the loop sets `pipelineStart` to 0 before anything reads it; the initial value is never read.",
  'src/core/block-view.ts | const to = match[2] === undefined ? from : match[3] === "" ? Number.POSITIVE_INFINITY : Number(match[3]); | `2` → `3`':
    "equivalent: group 3 (`\\d*`) takes part exactly when group 2 (`-`) does, so `match[3] === undefined` if and only if `match[2] === undefined`.",
  "src/core/format.ts | if (exact * 100 < records.length * DELIMITED_EXACT_ROWS_PERCENT) return false; | drop early exit `if (exact * 100 < records.length * DELIMITED_EXACT_ROWS_P...`":
    "left: gap. No covering test holds a delimited table whose rows mostly carry more fields than its first row, the one shape only this share check refuses; a test needs real output of that shape (a captured fixture).",
  "src/core/format.ts | if (exact * 100 < records.length * DELIMITED_EXACT_ROWS_PERCENT) return false; | `<` → `<=`":
    "left: boundary. Only a table whose rows with the first row's field count are exactly 80% of its records tells `<` from `<=`; no real output of that shape is among the fixtures.",
  "src/core/format.ts | const MIN_BASE64_DISTINCT_CHARS = 40; | `40` → `41`":
    "left: boundary. A blob using exactly 40 distinct letters tells 40 from 41; real base64 uses 40 or more within its first 64 characters and a word list far fewer, so no fixture sits on the line.",
  "src/core/format.ts | if (trimmed.length < MIN_BASE64_CHARS) return false; | `<` → `<=`":
    "left: boundary. Only a blob of exactly 64 characters tells `<` from `<=`; the rule is a floor under which statistics say nothing, and no fixture is that long to the character.",
  'src/core/gateway/permission-rules.ts | if (rest.length > 0 && rest[0]!.includes("/")) out.add([basename(rest[0]!), ...rest.slice(1)].join(" ")); | `"/"` → `""`':
    "equivalent: for a bare program name basename() is the name itself, so adding the basename spelling for every program adds a spelling already in the set.",
  'src/core/gateway/permission-rules.ts | return parseChain(command).map((segment) => ({ raw: segment.raw || segment.words.join(" "), words: segment.words })); | `||` → `&&`':
    "left: gap. The segment's typed text (quotes kept) gives way to its unquoted words, and every deny or ask rule in the tests matches the unquoted words too. Killing it needs a rule written with its quotes as typed; how the host matches such a rule was not measured in this change.",
  'src/core/gateway/permission-rules.ts | return parseChain(command).map((segment) => ({ raw: segment.raw || segment.words.join(" "), words: segment.words })); | `" "` → `""`':
    "unreachable: parseChain gives every segment with words its typed text, so the fallback join never runs.",
  'src/core/gateway/project-script.ts | const INTERPRETERS = new Set(["node", "python", "python3", "perl", "ruby", "php", "deno", "bun", "tsx", "ts-node"]); | `"python3"` → `""`':
    "unreachable: the program's trailing digits and dots are stripped before the lookup (`python3` → `python`), so the `python3` entry is never consulted.",
  'src/core/gateway/shell-form.ts | if (start === -1 && (ch === "#" || ch === "!" || ((ch === "{" || ch === "}") && /^(?:$|[\\s;&|])/.test(command[i + 1] ?? "")))) { | `1` → `2`':
    "left: the look-ahead after `{` moves one character, yet the tests' groups are still refused at their closing `}` (end of command or before `;`), so no covering input tells them apart; only the refusal's position differs.",
  'src/core/gateway/shell-form.ts | if (ch === "\\\\" && i + 1 < command.length && \'"\\\\$`\\n\'.includes(command[i + 1]!)) { | `+` → `-`':
    "equivalent: the bound matters only for a backslash that is the last character of the command, and there `command[i + 1]` is undefined, which the list of escapable characters never includes.",
  'src/core/pipeline.ts | route = routeTool(request.tool ?? "Bash", command); | `"Bash"` → `""`':
    'equivalent: routeTool\'s default branch (any tool but Read, Grep and WebFetch) routes the command as a shell command, for `""` as for `"Bash"`.',
  'src/core/pipeline.ts | const body = view.endsWith("\\n") ? view.slice(0, -1) : view; | negate `view.endsWith("\\n")`':
    "left: gap. No covering test pins the bytes where a distilled view meets the omission marker (the mutant drops a view's last character or keeps its final newline).",
  'src/core/pipeline.ts | if (bytesIn > MAX_ARCHIVE_BYTES) return { ...raw(request, "over archive cap", distillerId), recordable: true }; | `"over archive cap"` → `""`':
    "unreachable: an input over MAX_ARCHIVE_BYTES (32 MiB) is already over MAX_INPUT_BYTES (16 MiB), which the decline gates refuse first as too large; the gate stands for the day the two limits change.",
  "src/core/pre-tool-rules.ts | export const HOT_FILE_ACCESS_THRESHOLD = 2; | `2` → `3`":
    "left: the threshold is applied in src/hooks/pre-tool.ts, whose tests (test/hooks, outside the covering set) are where its effect is pinned.",
  'src/core/routing/test-invocation.ts | if (base === "node" || base === "deno" || base === "bun") return hasWord(args, "--test", "test"); | `"bun"` → `""`':
    "left: the mutant sends `bun` to the package-manager rule below, which agrees on `bun test` and `bun run test`; the two differ only on a test script of another name (`bun run test:unit` is a test run under the mutant and a jsts run now, where `npm run test:unit` is a test run). No test pins `bun run test:unit` to jsts, since that looks like the inconsistency, not the intent.",
  'src/core/distill-stage.ts | if (!meaningful(candidate.replace(/\\n$/, "") + marker)) return { text: null, route: "passthrough", reason: "marker would not pay" }; | `"passthrough"` → `""`':
    "equivalent: a null text's route is never read; the pipeline hands the raw bytes on (or cuts them for the host's view) as a passthrough of its own, under the stage's reason alone.",
  "src/core/truncate.ts | if (taken.has(i)) continue; | drop early exit `if (taken.has(i)) continue;`":
    "left: gap. A line is in one tier only; it can be taken twice only as the heading of a shellcheck finding or the code line under a Python frame, taken with its finding earlier and met again in a tier of its own, and then only its bytes are counted twice (the set keeps it once), so the cut keeps a little less. No test holds a cut where that tightens the room enough to drop another line.",
  "src/core/truncate.ts | while (head < tail) { | `<` → `<=`":
    "equivalent: the head never reaches the tail. At `head === tail` the head would hold at most the head budget and the tail at most the tail budget, together under the cap, while the whole text, which is head and tail then, is over it; so the budget test breaks the loop first.",
  "src/core/truncate.ts | while (tail > 0 && tailBytes + sizes[tail - 1]! <= tailBudget) tailBytes += sizes[--tail]!; | `>` → `>=`":
    "equivalent: at `tail === 0` the mutant reads `sizes[-1]`, undefined, and `tailBytes + undefined <= tailBudget` is false (NaN), so the loop stops where the guard stops it.",
  "src/core/truncate.ts | while (tail > 0 && tailBytes + sizes[tail - 1]! <= tailBudget) tailBytes += sizes[--tail]!; | `0` → `1`":
    "equivalent: the tail never takes the first line. It holds at most the tail budget, a share of the cap, while the whole text is over the cap; so stopping at `tail === 1` stops where the budget already would.",
  'src/ledger/fold.ts | if (identical) return { origin: "session", from: "" }; | drop early exit `if (identical) return { origin: "session", from: "" };`':
    "equivalent in practice: a Read held whole was recorded with every one of its lines, so each key has this session's sighting anyway, with an empty label (same source). Only a ledger pruned between the two reads would tell them apart.",
  "src/base/failure.ts | nextLineStart = end + 1; | `+` → `-`":
    "equivalent: the failure words are several letters long, so no second match on the same line starts at `end - 1` or later, and a match on a later line starts after `end + 1`: both bounds skip the same matches.",
  'src/base/lines.ts | if (text === "") return []; | drop early exit `if (text === "") return [];`':
    'equivalent: for `""` the loop finds no newline and pushes nothing, so it returns `[]` too.',
  'src/core/cut-description.ts | const plain = line.includes("\\u001b") ? stripAnsi(line) : line; | `"\\u001b"` → `""`':
    "equivalent: the `includes` test is a fast path; stripAnsi on a line with no escape gives the line back.",
  "src/core/cut-description.ts | if (bytes + byteLength(item) + 2 > room - ROOM_SLACK_BYTES) break; | `+` → `-`":
    "equivalent within the slack: with the separator subtracted in the test only (the running total still adds it), the last item may pass the check by 4 bytes, inside the 20 bytes of slack; test/core/cut-description.test.ts pins that the whole stays within the room.",
  "src/core/truncate.ts | const own = next < failing.length && failing[next] === head ? sizes[head]! : 0; | `<` → `<=`":
    "equivalent: at `next === failing.length`, `failing[next]` is undefined and never equals a line index, so the guard gives the same answer.",
  'src/core/truncate.ts | const shape = plain[i]!.replace(/\\[[^\\]]*\\]|\'[^\']*\'|"[^"]*"/g, "_"); | `"_"` → `""`':
    "equivalent in practice: the placeholder only has to be the same for every emptied bracket or quote; an empty one could make `a[x]b` share a shape with a line `ab`, which no failure wall prints.",
  "src/core/truncate.ts | if (own > 0) next++; | `0` → `1`":
    "equivalent: `own` is 0 or the byte size of a failure line, and a failure line holds a failure word and its newline, so it is never 1 byte.",
  'src/core/distill-stage.ts | const frames = plainRaw.includes("\\r") ? plainRaw.replaceAll("\\r", "\\n") : plainRaw; | `"\\r"` → `""`':
    "equivalent when it is the `includes` test's: a fast path; replacing carriage returns in text that has none gives the text back.",
  "src/base/failure.ts | if (!FAILURE_HINT.test(line)) return false; | drop early exit `if (!FAILURE_HINT.test(line)) return false;`":
    "equivalent: a fast path. Every failure shape needs one of the hint words or glyphs (test/base/failure.test.ts checks each shape's real example), so without it the shapes alone give the same answer, more slowly.",
  'src/base/lines.ts | return text.includes("\\x1b") ? text.replace(ANSI_PATTERN, "") : text; | `"\\x1b"` → `""`':
    "equivalent: the `includes` test is a fast path; the replace finds nothing to strip in text with no escape.",
  'src/base/lines.ts | return Buffer.byteLength(text, "utf8"); | `"utf8"` → `""`':
    'equivalent: Buffer.byteLength falls back to UTF-8 for an empty encoding name (checked: `Buffer.byteLength("é✓", "")` is 5).',
  'src/core/distill-stage.ts | if (declined) return { text: null, route: "passthrough", reason: declined, gated: true }; | `"passthrough"` → `""`':
    "equivalent: a null text goes on as raw(), which names the route itself; the distill stage's route is read only with a text.",
  'src/core/distill-stage.ts | if (candidate === null) return { text: null, route: "passthrough", reason: distillerFor(route.distiller!).declined }; | `"passthrough"` → `""`':
    "equivalent: a null text goes on as raw(), which names the route itself; the distill stage's route is read only with a text.",
  "src/core/pipeline.ts | const view = bytesIn > ENORMOUS_INPUT_BYTES ? withEnormousHandle(folded?.text ?? candidate, handle) : (folded?.text ?? candidate); | `>` → `>=`":
    "left: gap. Only an input of exactly ENORMOUS_INPUT_BYTES tells them apart; the covering tests hold inputs well under and well over it.",
  "src/core/pipeline.ts | if (droppedLines > 0) return `${droppedLines} lines`; | `0` → `1`":
    "left: gap. Only a distillation that drops exactly one line tells them apart (`1 lines` against a byte count); no covering test has one.",
  "src/core/pipeline.ts | deps.log?.(`record failed: ${error instanceof Error ? error.message : String(error)}`); | negate `error instanceof Error`":
    "left: gap. The log line's wording is not pinned by a covering test; only an error thrown that is not an Error tells the two apart.",
  'src/core/distill-stage.ts | if (!keepsEveryFailure(request.text, candidate)) return { text: null, route: "passthrough", reason: "would have dropped the failure" }; | `"passthrough"` → `""`':
    "equivalent: a null text goes on as raw(), which names the route itself; the distill stage's route is read only with a text.",
  "src/core/distill-stage.ts | deps.log?.(`distiller ${id} threw: ${error instanceof Error ? error.message : String(error)}`); | negate `error instanceof Error`":
    "left: the wording of the log line a throwing distiller writes; the tests pin that the reply fails open and the line is logged, not how a thrown value is spelt in it.",
  "src/core/truncate.ts | const ERROR_FINDING = /^\\S+:\\d+(?::\\d+)?: (?:[EF](?:\\d{3,4})?: |(?:E9\\d\\d|F63\\d|F7\\d\\d|F82\\d) )|\\(Severity: 5\\)$|\\bSC\\d{4} \\(error\\): /; | drop regex alternative `E9\\d\\d`":
    "left: gap. No captured flake8 or ruff wall has a syntax error (`E999`) in the middle of a cut; a test needs real output of that shape.",
  "src/core/truncate.ts | const SHELLCHECK_FINDING = /\\bSC\\d{4} \\((?:error|warning|info|style)\\): /; | drop regex alternative `style`":
    "left: gap. The style findings of the cut shellcheck walls in the tests are never ranked into the kept middle (errors and warnings fill its room first), so whether their heading would come with them is not seen.",
  "src/core/truncate.ts | for (let i = at - 1; i >= 0 && at - i <= 20; i--) if (SHELLCHECK_HEADING.test(plain[i]!)) return i; | `-` → `+`":
    "equivalent in practice (the first `-`: the search starts at `at + 1`): shellcheck's tty format ends each block's carets and findings with a blank line, so the two lines below a finding are never a heading and the search finds the same heading above; the bound `at - i <= 20` is pinned by the test at the cap.",
};
