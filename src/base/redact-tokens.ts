/**
 * Provider tokens recognised by their shape wherever they appear. Prefixes, alphabets and lengths
 * are the providers' published formats as public secret-scanning rule sets record them; each rule
 * names its provider. A rule may keep a readable prefix (the webhook host, `Bearer`); the secret
 * part becomes `[REDACTED]`.
 */
import { mapHitLines, REDACTED, type Redaction } from "./redact-values.ts";

interface TokenRule {
  name: string;
  /** A literal every match contains: a cheap `includes` skips the regex on text without it. */
  hint: string;
  /** Group 1, when present, is kept in front of the mask. */
  pattern: RegExp;
}

/** Every rule starts with a word character, so `\b` says "not inside a longer word" and lets the engine skip ahead. */
const B = "\\b";
const E = "(?![A-Za-z0-9_])";

export const TOKEN_RULES: readonly TokenRule[] = [
  { name: "GitHub token", hint: "gh", pattern: new RegExp(`${B}gh[pousr]_[A-Za-z0-9]{36,255}${E}`, "g") },
  { name: "GitHub fine-grained token", hint: "github_pat_", pattern: new RegExp(`${B}github_pat_[A-Za-z0-9_]{60,255}${E}`, "g") },
  {
    name: "GitLab token",
    hint: "gl",
    pattern: new RegExp(`${B}gl(?:pat|dt|rt|soat|cbt|imt|ptt|ft|agent|oas)-[A-Za-z0-9_-]{20,64}${E}`, "g"),
  },
  { name: "Slack token", hint: "xox", pattern: new RegExp(`${B}xox[abposre]-(?:\\d+-)?[A-Za-z0-9-]{10,250}${E}`, "g") },
  { name: "Slack app token", hint: "xapp-", pattern: new RegExp(`${B}xapp-\\d-[A-Z0-9]+-\\d+-[a-z0-9]+${E}`, "gi") },
  {
    name: "Slack webhook",
    hint: "hooks.slack.com",
    pattern: /(hooks\.slack\.com\/(?:services|workflows|triggers)\/)[A-Za-z0-9+/]{20,100}/g,
  },
  { name: "Stripe key", hint: "_", pattern: new RegExp(`${B}(?:sk|rk)_(?:test|live|prod)_[A-Za-z0-9]{10,99}${E}`, "g") },
  { name: "Google API key", hint: "AIza", pattern: new RegExp(`${B}AIza[A-Za-z0-9_-]{35}${E}`, "g") },
  { name: "Google OAuth client secret", hint: "GOCSPX-", pattern: new RegExp(`${B}GOCSPX-[A-Za-z0-9_-]{28}${E}`, "g") },
  { name: "Google OAuth access token", hint: "ya29.", pattern: new RegExp(`${B}ya29\\.[A-Za-z0-9_-]{20,}${E}`, "g") },
  { name: "npm token", hint: "npm_", pattern: new RegExp(`${B}npm_[A-Za-z0-9]{36}${E}`, "g") },
  { name: "PyPI token", hint: "pypi-", pattern: new RegExp(`${B}pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}${E}`, "g") },
  { name: "AWS access key id", hint: "A", pattern: new RegExp(`${B}(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}${E}`, "g") },
  { name: "Anthropic key", hint: "sk-ant-", pattern: new RegExp(`${B}sk-ant-[a-z0-9]+-[A-Za-z0-9_-]{32,}${E}`, "g") },
  {
    name: "OpenAI key",
    hint: "sk-",
    pattern: new RegExp(`${B}sk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}${E}`, "g"),
  },
  { name: "OpenAI project key", hint: "sk-", pattern: new RegExp(`${B}sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{40,}${E}`, "g") },
  { name: "Hugging Face token", hint: "hf_", pattern: new RegExp(`${B}hf_[A-Za-z]{34}${E}`, "g") },
  { name: "SendGrid key", hint: "SG.", pattern: new RegExp(`${B}SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}${E}`, "g") },
  { name: "Shopify token", hint: "shp", pattern: new RegExp(`${B}shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}${E}`, "g") },
  { name: "DigitalOcean token", hint: "_v1_", pattern: new RegExp(`${B}do[opr]_v1_[a-f0-9]{64}${E}`, "g") },
  { name: "Telegram bot token", hint: ":AA", pattern: new RegExp(`(?<![0-9])\\d{8,10}:AA[A-Za-z0-9_-]{32,33}${E}`, "g") },
  { name: "Azure storage key", hint: "AccountKey=", pattern: /(AccountKey=)[A-Za-z0-9+/]{86,88}={0,2}/g },
  { name: "Twilio key", hint: "SK", pattern: new RegExp(`${B}SK[0-9a-f]{32}${E}`, "g") },
  { name: "JWT", hint: "eyJ", pattern: new RegExp(`${B}eyJ[A-Za-z0-9_-]{10,}\\.eyJ[A-Za-z0-9_-]{10,}\\.[A-Za-z0-9_-]{10,}={0,2}`, "g") },
];

/**
 * One scan for anything a rule could start with; only the lines it hits are read by the rules.
 * Every rule's match contains one of these (its hint, or a prefix of it).
 */
const ANY_TOKEN =
  /gh[pousr]_|github_pat_|gl[a-z]{1,5}-|xox[abposre]-|xapp-|hooks\.slack\.com|[sr]k_(?:test|live|prod)_|AIza|GOCSPX-|ya29\.|npm_|pypi-|A3T|AKIA|ASIA|ABIA|ACCA|sk-|hf_|SG\.|shp[a-z]{2}_|_v1_|:AA|AccountKey=|SK[0-9a-f]|eyJ/g;

export function maskTokenShapes(text: string): Redaction {
  return mapHitLines(text, ANY_TOKEN, maskTokensInLine);
}

function maskTokensInLine(line: string): Redaction {
  let count = 0;
  let out = line;
  for (const rule of TOKEN_RULES) {
    if (!out.includes(rule.hint)) continue;
    out = out.replace(rule.pattern, (_match, keep?: unknown) => {
      count++;
      return `${typeof keep === "string" ? keep : ""}${REDACTED}`;
    });
  }
  return { text: out, count };
}
