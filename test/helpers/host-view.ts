/**
 * What the model reads of a raw Bash result, as Claude Code cuts it (measured by the contract
 * test `test/contract/claude-view-cap.test.ts`): the first 30,000 characters, and of a failed
 * call's text past about 11,000 characters only its first and last 5,000.
 */
import { HOST_FAILED_VIEW_CHARS, HOST_OUTPUT_CAP_CHARS } from "../../src/base/limits.ts";

export const HOST_CUT_CHARS = HOST_OUTPUT_CAP_CHARS;
export const FAILED_END_CHARS = 5_000;

export function hostView(text: string, failed: boolean): string {
  const cut = text.slice(0, HOST_CUT_CHARS);
  if (!failed || cut.length <= HOST_FAILED_VIEW_CHARS) return cut;
  return cut.slice(0, FAILED_END_CHARS) + cut.slice(-FAILED_END_CHARS);
}
