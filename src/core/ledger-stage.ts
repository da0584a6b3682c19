/**
 * The ledger's two steps inside the pipeline: fold what this reader (or this project) was already
 * delivered, and, once the reply is final, record receipts for what the reader really got.
 */
import { isSourcePath } from "../base/text-paths.ts";
import { foldRepeats, type Folded } from "../ledger/fold.ts";
import { recordDelivered } from "../ledger/record.ts";
import { projectScope, type LedgerContext } from "../ledger/types.ts";
import { sniffFormat } from "./format.ts";
import type { Outcome, PipelineDeps, PipelineRequest, PipelineStore } from "./pipeline-types.ts";

function ledgerContext(request: PipelineRequest, command: string): LedgerContext | null {
  if (!request.sessionId) return null;
  const hostTool = request.tool !== undefined && request.tool !== "Bash";
  return {
    readerScope: request.sessionId,
    projectScope: projectScope(request.projectPath),
    agentId: request.agentId,
    source: hostTool ? command : "",
    window: request.tool === "Read",
    code: request.tool === "Read" && isSourcePath(command),
  };
}

/** Fold what this reader (or this project) was already delivered. No session id, no ledger. */
export function ledgerStage(
  view: string,
  request: PipelineRequest,
  command: string,
  store: PipelineStore,
  startedMs: number,
  deps: PipelineDeps,
): Folded | null {
  const context = ledgerContext(request, command);
  // The raw text already passed the guard's sniff; only a distilled view needs one of its own.
  const structured = view !== request.text && sniffFormat(view, request.tool === "Read" ? command : undefined) !== null;
  if (!context || !store.ledger || deps.stages?.ledger === false || structured) return null;
  try {
    return foldRepeats(view, context, store.ledger, (content, whole) => store.archive(content, whole, startedMs), deps.sha256Key);
  } catch (error) {
    deps.log?.(`ledger fold failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/** Receipts for what the reader finally got: after the cap, the deadline, every revert. */
export function recordShown(request: PipelineRequest, command: string, outcome: Outcome, deps: PipelineDeps, startedMs: number): void {
  const context = ledgerContext(request, command);
  const ledger = deps.store?.ledger;
  if (!context || !ledger) return;
  try {
    // The reader holds the whole payload when it got it as it was, or with only folds of lines it holds.
    const held = outcome.text === request.text || outcome.text === outcome.folded?.text ? request.text : null;
    recordDelivered(
      ledger,
      context,
      outcome.text,
      outcome.text === request.text ? null : (outcome.folded ?? null),
      startedMs,
      deps.sha256Key,
      held,
    );
  } catch (error) {
    deps.log?.(`ledger record failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
