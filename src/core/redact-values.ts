/** What every redaction rule shares: the mask, a pass's result, and what is not a secret to mask. */
export const REDACTED = "[REDACTED]";

export interface Redaction {
  text: string;
  count: number;
}

/** A value that is already masked, empty, or a stand-in for one (`${TOKEN}`, `<password>`, `***`). */
export function isPlaceholder(value: string): boolean {
  const bare = value.trim().replace(/^["'`]|["'`]$/g, "").trim();
  if (bare === "" || bare === REDACTED || bare.includes(REDACTED)) return true;
  if (/^[*x.•#-]+$/i.test(bare)) return true;
  if (/^(?:\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*|%[A-Za-z_][A-Za-z0-9_]*%|<[^<>]*>|\{\{[^}]*\}\}|\(\w*\)|\[\w*\])$/.test(bare)) return true;
  return /^(?:null|none|nil|undefined|true|false|yes|no|on|off|required|optional|string|redacted|masked|hidden|secret|password|changeme|example|dummy|placeholder|\d{1,5})$/i.test(bare);
}

