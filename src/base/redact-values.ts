/** What every redaction rule shares: the mask, a pass's result, and what is not a secret to mask. */
export const REDACTED = "[REDACTED]";

export interface Redaction {
  text: string;
  count: number;
}

/** A value that is already masked, empty, or a stand-in for one (`${TOKEN}`, `<password>`, `***`). */
export function isPlaceholder(value: string): boolean {
  const bare = value
    .trim()
    .replace(/^["'`]|["'`]$/g, "")
    .trim();
  if (bare === "" || bare === REDACTED || bare.includes(REDACTED)) return true;
  if (/^[*x.•#-]+$/i.test(bare)) return true;
  // A format string's field (`%s`, `%(user)s`, `{}`, `{0}`, `{password}`) is filled in later.
  if (/^(?:%(?:\(\w+\))?[-+ #0]*\d*(?:\.\d+)?[sdifrxX]|\{\w*\})$/.test(bare)) return true;
  if (/^(?:\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*|%[A-Za-z_][A-Za-z0-9_]*%|<[^<>]*>|\{\{[^}]*\}\}|\(\w*\)|\[\w*\])$/.test(bare)) return true;
  return /^(?:null|none|nil|undefined|true|false|yes|no|on|off|required|optional|string|redacted|masked|hidden|secret|password|changeme|example|dummy|placeholder|\d{1,5})$/i.test(
    bare,
  );
}

/**
 * Apply `mask` to each line holding a match of `hint` (a cheap literal scan), splicing changed
 * lines back in; every other byte is copied in spans, and text without a hit comes back as is.
 * `mask` sees the line without its terminator, and the few characters after it.
 */
export function mapHitLines(text: string, hint: RegExp, mask: (line: string, following: string) => Redaction): Redaction {
  let count = 0;
  const out: string[] = [];
  let copied = 0;
  hint.lastIndex = 0;
  for (let match = hint.exec(text); match; match = hint.exec(text)) {
    const start = text.lastIndexOf("\n", match.index) + 1;
    const newline = text.indexOf("\n", match.index);
    const end = newline === -1 ? text.length : newline > start && text[newline - 1] === "\r" ? newline - 1 : newline;
    const result = mask(text.slice(start, end), text.slice(end, end + 16));
    if (result.count > 0 || result.text !== text.slice(start, end)) {
      count += result.count;
      out.push(text.slice(copied, start), result.text);
      copied = end;
    }
    if (newline === -1) break;
    hint.lastIndex = newline + 1;
  }
  if (out.length === 0) return { text, count: 0 };
  out.push(text.slice(copied));
  return { text: out.join(""), count };
}
