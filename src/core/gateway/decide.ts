/**
 * THE gateway: whether a shell command an agent is about to run goes through `omni exec`, and
 * with which permission answer. Every host's pre-hook asks this one function; host adapters only
 * translate the answer into their reply shape.
 *
 * A command is rewritten when all of these hold:
 * 1. its form is one omni can splice into with certainty (see shell-form.ts), nothing in it is
 *    data for something else (pipes, redirects, substitutions), and it is not in the background;
 * 2. it ends by itself and needs no person (no server, watcher, follower or REPL);
 * 3. omni can improve its output: the program that prints it, launchers peeled, has a distiller,
 *    or it is a project's own test/build/check script (see project-script.ts);
 * 4. the rewrite keeps what the user allowed: the user's rules are matched against the command as
 *    typed. Deny or ask: no rewrite. Allow: rewrite and answer allow. No rule: rewrite and leave
 *    the decision to the host, which then asks exactly as it would have, since no rule of the
 *    user's matches the rewrite either; except for commands the host itself waves through as
 *    read-only, which get "allow" only when proven read-only and are otherwise left alone.
 */
import { routeCommand, programLevels, commandRequestsPassthrough, isOwnRecoveryCommand, shellScript, type DistillerId } from "../route.ts";
import { basename } from "../../base/shell-words.ts";
import { longRunningReason } from "./long-running.ts";
import { verdictFor, type PermissionRules } from "./permission-rules.ts";
import { isProjectScript } from "./project-script.ts";
import { hostMayAllowAsReadOnly, provenReadOnly } from "./read-only.ts";
import { rewriteText, unwrapRewrite, type ReaderScope } from "./rewrite-form.ts";
import { parseShellForm } from "./shell-form.ts";

export interface GatewayRequest {
  command: string;
  /** The host runs the call in the background and reads its output later. */
  runInBackground: boolean;
  /** The host's permission mode for this call, as its payload names it; null when it names none. */
  permissionMode: string | null;
  /**
   * The user's permission rules for the shell tool, null when they cannot be read for certain.
   * Asked for only once the command is otherwise worth rewriting: the rest never pay for the read.
   */
  rules: () => PermissionRules | null;
  exe: string;
  scope: ReaderScope;
}

export type GatewayDecision =
  | { rewrite: true; command: string; permission: "allow" | "host"; why: string }
  | { rewrite: false; reason: string };

/** Modes in which the host's answer to a command follows from its rules alone. */
const KNOWN_MODES = new Set(["default", "acceptEdits", "bypassPermissions", "dontAsk"]);

/** Families whose output omni shapes, failures included. */
const WRAPPED_FAMILIES = new Set<DistillerId>(["test", "build", "jsts", "git", "cloud", "database", "security", "vcs"]);
/** system-ops programs whose output is an install or update log rather than data. */
const INSTALL_LOGS = new Set(["apt", "apt-get", "brew", "yum", "dnf", "apk", "pacman", "zypper"]);

const SUPERUSER = new Set(["sudo", "doas", "su", "pkexec", "run0"]);

export function decideRewrite(request: GatewayRequest): GatewayDecision {
  const refused = (reason: string): GatewayDecision => ({ rewrite: false, reason });
  const { command } = request;
  if (request.runInBackground) return refused("runs in the background");
  const mode = request.permissionMode ?? "default";
  if (mode === "plan") return refused("plan mode runs nothing");
  if (!KNOWN_MODES.has(mode)) return refused(`permission mode ${mode}: the host's own judgement decides`);
  if (unwrapRewrite(command) !== command) return refused("already through omni");
  if (commandRequestsPassthrough(command)) return refused("OMNI_PASSTHROUGH asked");
  if (isOwnRecoveryCommand(command)) return refused("omni's own recovery command");

  const parsed = parseShellForm(command);
  if ("refused" in parsed) return refused(parsed.refused);
  const { form } = parsed;
  if (form.assigned.some((name) => name === "HOME" || name.startsWith("OMNI_"))) return refused("sets omni's own environment");
  const program = basename(form.words[0]!);
  if (SUPERUSER.has(program)) return refused(`${program}: another user's privileges`);
  if (program === "omni") return refused("omni itself");
  // The programs of `bash -c '…'` are not read apart here (a dev server or a read-only command may
  // hide in the script), so the host's own checks keep deciding it.
  if (shellScript({ base: program, args: form.words.slice(1) }) !== null)
    return refused(`${program} -c: a script the gateway does not read apart`);
  const levels = programLevels(form.body);
  if (levels.length === 0) return refused("no program");
  const longRunning = longRunningReason(levels);
  if (longRunning) return refused(longRunning);

  const worth = worthWrapping(form.body, form.words);
  if (worth !== null) return refused(worth);

  const rules = request.rules();
  if (rules === null) return refused("the user's permission rules could not be read");
  const verdict = verdictFor(command, rules);
  if (verdict === "deny" || verdict === "ask") return refused(`a ${verdict} rule of the user's matches`);
  if (verdict === "partial") return refused("an allow rule covers only part of it: the host's own checks decide");
  const rewritten = rewriteText(form, request.exe, request.scope);
  if (verdict === "allow") return { rewrite: true, command: rewritten, permission: "allow", why: "an allow rule of the user's matches" };

  const readOnly = levels.find(hostMayAllowAsReadOnly);
  if (readOnly) {
    if (form.prefix === "" && form.assignments === "" && form.timeKeyword === "" && provenReadOnly(readOnly, form.body)) {
      return { rewrite: true, command: rewritten, permission: "allow", why: "read-only, proven" };
    }
    return refused("the host may allow it as read-only, and it is not proven so");
  }
  // No rule matches the command; none may match the rewrite either, or the host would judge it differently.
  if (verdictFor(rewritten, rules) !== "none") return refused("a rule of the user's would match the rewrite");
  // With permissions bypassed the host runs it unasked either way: "allow" says nothing new, and a
  // host that needs a decision on every rewrite (Codex) can carry it.
  if (mode === "bypassPermissions")
    return { rewrite: true, command: rewritten, permission: "allow", why: "permissions bypassed: the host runs it unasked either way" };
  return { rewrite: true, command: rewritten, permission: "host", why: "no rule matches: the host asks as it would have" };
}

/** Null when omni can improve the command's output; else why it cannot. */
function worthWrapping(body: string, words: string[]): string | null {
  if (isProjectScript(words)) return null;
  const route = routeCommand(body);
  if (route.distiller !== null && WRAPPED_FAMILIES.has(route.distiller)) return null;
  if (route.distiller === "system-ops" && INSTALL_LOGS.has(route.label)) return null;
  // git's transfer commands (clone, fetch, push) print progress the generic stage folds.
  if (route.distiller === "generic" && route.label === "git") return null;
  if (route.distiller === null) return route.reason ?? "passes through";
  return route.distiller === "generic" ? `no distiller for ${route.label}` : `${route.distiller} output is read, not shaped`;
}
