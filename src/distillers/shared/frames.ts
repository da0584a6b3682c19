/**
 * Stack frames inside the JavaScript runtime or the test runner itself (`node:internal/…`,
 * `(<anonymous>)` promise plumbing). They are the same on every failure and say nothing about
 * the code under test, so a failure block may drop them; frames into the project stay.
 */
const RUNTIME_FRAME = /^\s*(?:at\s+)?(?:async\s+)?(?:\S+\s+)?(?:\((?:node:[^)]*|<anonymous>|index \d+)\)|node:[\w/]+:\d+:\d+)$/;

export function isRuntimeFrame(plain: string): boolean {
  return RUNTIME_FRAME.test(plain);
}

/**
 * A runtime frame, or a frame inside an installed package (the bundler or test runner itself).
 * A frame line that opens an error object (`… {`) stays, or the lines after it would dangle.
 */
export function isToolFrame(plain: string): boolean {
  return isRuntimeFrame(plain) || (/^\s+at .*[/(]node_modules\//.test(plain) && !plain.trimEnd().endsWith("{"));
}
