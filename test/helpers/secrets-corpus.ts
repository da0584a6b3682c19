/**
 * Realistic fake secrets and the look-alikes that must survive them. The secrets are made here
 * from a seeded generator in each provider's published shape (prefix, alphabet, length), so no
 * token literal sits in the repository; each appears in the context it is found in (an env file,
 * a YAML config, a JSON reply, a header, a command line). The look-alikes are the random-looking
 * strings real tool output is full of: hashes, git SHAs, UUIDs, digests, base64 test data.
 */
export interface Secret {
  kind: string;
  /** The secret bytes that must never be delivered or stored. */
  value: string;
  /** A line showing it in its usual context. */
  line: string;
}

/** Deterministic: the same corpus on every run (mulberry32). */
function generator(seed: number): (alphabet: string, length: number) => string {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (alphabet, length) => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join("");
}

const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const B64URL = `${ALNUM}_-`;
const B64 = `${ALNUM}+/`;
const UPPER32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const HEX = "0123456789abcdef";
const LOWER = "abcdefghijklmnopqrstuvwxyz";

export function secretCorpus(): Secret[] {
  const r = generator(15);
  const b64 = (n: number) => Buffer.from(r(ALNUM, n)).toString("base64url");
  const jwt = () =>
    `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(JSON.stringify({ sub: r("0123456789", 10), name: "Dev User", iat: 1_700_000_000 })).toString("base64url")}.${r(B64URL, 43)}`;
  const pemBody = Array.from({ length: 6 }, () => r(B64, 64));
  const s: Array<[string, string, (v: string) => string]> = [
    ["GitHub classic token", `ghp_${r(ALNUM, 36)}`, (v) => `GITHUB_TOKEN=${v}`],
    ["GitHub OAuth token", `gho_${r(ALNUM, 36)}`, (v) => `remote: using ${v} for https://github.com/acme/api.git`],
    ["GitHub fine-grained token", `github_pat_${r(ALNUM, 22)}_${r(ALNUM, 59)}`, (v) => `  token: ${v}`],
    ["GitLab token", `glpat-${r(B64URL, 20)}`, (v) => `PRIVATE-TOKEN: ${v}`],
    ["GitLab runner token", `glrt-${r(B64URL, 20)}`, (v) => `Registering runner... token=${v}`],
    ["Slack bot token", `xoxb-${r("0123456789", 12)}-${r("0123456789", 13)}-${r(ALNUM, 24)}`, (v) => `SLACK_BOT_TOKEN=${v}`],
    [
      "Slack user token",
      `xoxp-${r("0123456789", 12)}-${r("0123456789", 12)}-${r("0123456789", 13)}-${r(HEX, 32)}`,
      (v) => `{"ok":true,"token":"${v}"}`,
    ],
    [
      "Slack webhook",
      `T${r(UPPER32, 8)}/B${r(UPPER32, 10)}/${r(ALNUM, 24)}`,
      (v) => `curl -X POST https://hooks.slack.com/services/${v} -d @payload.json`,
    ],
    ["Stripe secret key", `sk_live_${r(ALNUM, 24)}`, (v) => `STRIPE_SECRET_KEY="${v}"`],
    ["Stripe restricted key", `rk_live_${r(ALNUM, 24)}`, (v) => `stripe.api_key = '${v}'`],
    ["Stripe test key", `sk_test_${r(ALNUM, 24)}`, (v) => `  "stripe": { "key": "${v}" },`],
    ["Google API key", `AIza${r(B64URL, 35)}`, (v) => `GET https://maps.googleapis.com/maps/api/geocode/json?address=x&key=${v}`],
    ["Google OAuth client secret", `GOCSPX-${r(B64URL, 28)}`, (v) => `"client_secret":"${v}"`],
    ["Google OAuth access token", `ya29.${r(B64URL, 60)}`, (v) => `access_token: ${v}`],
    ["npm token", `npm_${r(ALNUM, 36)}`, (v) => `//registry.npmjs.org/:_authToken=${v}`],
    ["npm token in env", `npm_${r(ALNUM, 36)}`, (v) => `export NPM_TOKEN=${v}`],
    ["AWS access key id", `AKIA${r(UPPER32, 16)}`, (v) => `aws_access_key_id = ${v}`],
    ["AWS session key id", `ASIA${r(UPPER32, 16)}`, (v) => `    "AccessKeyId": "${v}",`],
    ["AWS secret access key", r(B64, 40), (v) => `aws_secret_access_key = ${v}`],
    ["OpenAI key", `sk-proj-${r(B64URL, 74)}T3BlbkFJ${r(B64URL, 74)}`, (v) => `OPENAI_API_KEY=${v}`],
    ["Anthropic key", `sk-ant-api03-${r(B64URL, 93)}AA`, (v) => `Authorization failed for key ${v}`],
    ["JWT", jwt(), (v) => `{"access_token":"${v}","expires_in":3600}`],
    ["JWT in a cookie", jwt(), (v) => `Set-Cookie: session=${v}; Path=/; HttpOnly`],
    ["PEM private key body", pemBody.join("\n"), (v) => `-----BEGIN RSA PRIVATE KEY-----\n${v}\n-----END RSA PRIVATE KEY-----`],
    ["PEM key inside JSON", r(B64, 64), (v) => `{"private_key": "-----BEGIN PRIVATE KEY-----\\n${v}\\n-----END PRIVATE KEY-----\\n"}`],
    ["Authorization Bearer header", r(B64URL, 40), (v) => `> Authorization: Bearer ${v}`],
    ["Authorization Basic header", Buffer.from(`deploy:${r(ALNUM, 20)}`).toString("base64"), (v) => `Authorization: Basic ${v}`],
    ["curl header on a command line", r(ALNUM, 32), (v) => `curl -H "X-Api-Key: ${v}" https://api.example.com/v1/items`],
    ["URL credentials", `Pg${r(ALNUM, 18)}`, (v) => `DATABASE_URL=postgres://app:${v}@db.internal:5432/app`],
    ["URL credentials in free text", `Rd${r(ALNUM, 18)}`, (v) => `connecting to redis://default:${v}@cache.internal:6379/0 ... ok`],
    ["YAML password", `Yp${r(ALNUM, 14)}!`, (v) => `  db_password: "${v}"`],
    ["YAML secret, camelCase", r(ALNUM, 32), (v) => `    clientSecret: ${v}`],
    ["JSON password", `Jp${r(ALNUM, 16)}#`, (v) => `  "password": "${v}",`],
    ["JSON apiKey", r(HEX, 40), (v) => `{"apiKey":"${v}","region":"eu-west-1"}`],
    ["INI password", `Ip${r(ALNUM, 12)}`, (v) => `password = ${v}`],
    ["env secret", b64(30), (v) => `SECRET_KEY_BASE=${v}`],
    ["command-line password flag", `Cp${r(ALNUM, 14)}`, (v) => `mysql --user=root --password=${v} -h db`],
    ["command-line env assignment", `Ep${r(ALNUM, 14)}`, (v) => `PGPASSWORD=${v} psql -h db -U app`],
    ["high-entropy signing key", r(B64, 44), (v) => `signing_key: ${v}`],
    ["SendGrid key", `SG.${r(B64URL, 22)}.${r(B64URL, 43)}`, (v) => `sendgrid.api_key=${v}`],
    ["Hugging Face token", `hf_${r(LOWER + LOWER.toUpperCase(), 34)}`, (v) => `huggingface-cli login --token ${v}`],
    ["Telegram bot token", `${r("0123456789", 10)}:AA${r(B64URL, 33)}`, (v) => `https://api.telegram.org/bot${v}/getMe`],
    [
      "Azure storage key",
      `${r(B64, 86)}==`,
      (v) => `DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${v};EndpointSuffix=core.windows.net`,
    ],
    ["DigitalOcean token", `dop_v1_${r(HEX, 64)}`, (v) => `doctl auth init --access-token ${v}`],
  ];
  return s.map(([kind, value, line]) => ({ kind, value, line: line(value) }));
}

/** Strings that look random but are not secrets: each must come through byte for byte. */
export function lookAlikes(): string[] {
  const r = generator(40);
  const uuid = () => `${r(HEX, 8)}-${r(HEX, 4)}-4${r(HEX, 3)}-a${r(HEX, 3)}-${r(HEX, 12)}`;
  return [
    `commit ${r(HEX, 40)}`,
    `Merge: ${r(HEX, 7)} ${r(HEX, 7)}`,
    `${r(HEX, 7)} Fix flaky retry in the uploader`,
    `HEAD is now at ${r(HEX, 12)} Release 2.4.1`,
    `sha256sum: ${r(HEX, 64)}  dist/app.tar.gz`,
    `md5: ${r(HEX, 32)}`,
    `sha1 ${r(HEX, 40)}`,
    `"integrity": "sha512-${Buffer.from(r(ALNUM, 64)).toString("base64")}"`,
    `Digest: sha256:${r(HEX, 64)}`,
    `image: ghcr.io/acme/api@sha256:${r(HEX, 64)}`,
    `request_id=${uuid()}`,
    `X-Request-Id: ${uuid()}`,
    `"id": "${uuid()}",`,
    `trace ${uuid()} finished in 12ms`,
    `data: ${Buffer.from("hello world, this is base64 test data").toString("base64")}`,
    `"thumbnail": "${Buffer.from(r(ALNUM, 48)).toString("base64")}"`,
    `expect(decode("${Buffer.from("fixture payload 42").toString("base64")}")).toBe("fixture payload 42")`,
    `PWD=/home/dev/project`,
    `OLDPWD=/home/dev`,
    `SSH_AUTH_SOCK=/tmp/ssh-${r(ALNUM, 12)}/agent.1234`,
    `TOKENIZERS_PARALLELISM=false`,
    `max_tokens: 4096`,
    `token_count: 1234`,
    `"password": ""`,
    `PASSWORD=\${DB_PASSWORD}`,
    `api_key: <your-api-key>`,
    `Expected URL http://userid:password@example.com:8080 to parse`,
    `cache key: node-modules-${r(HEX, 64)}`,
    `key: ${r(HEX, 40)}`,
    `pod/web-${r("bcdfghjklmnpqrstvwxz2456789", 10)}-${r("bcdfghjklmnpqrstvwxz2456789", 5)} Running`,
    `ETag: W/"${r(HEX, 32)}"`,
    `color: #${r("0123456789ABCDEF", 6)}`,
    `version 1.4.5 (a7733435c)`,
    `2026-12-01T07:40:12.345Z INFO started`,
    `passwordless login is enabled for this account`,
    `Bearer tokens are read from the Authorization header`,
    `node_modules/.pnpm/react@18.3.1_${r(HEX, 26)}/node_modules/react`,
    `chunk-${r(HEX, 8)}.js  42.1 kB │ gzip: 13.7 kB`,
    `ok  	github.com/acme/api/internal/auth	0.412s`,
    `test auth::tests::rejects_expired_token ... ok`,
  ];
}
