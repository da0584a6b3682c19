/** The one redactor against the corpus: every secret masked, every look-alike intact, lines kept. */
import { expect, test } from "bun:test";
import { redactSecrets } from "../../src/base/redact.ts";
import { lookAlikes, secretCorpus } from "../helpers/secrets-corpus.ts";

const secrets = secretCorpus();
const parts = (value: string) => value.split("\n").filter((part) => part.length >= 8);

test("the corpus is at least 40 secrets of at least 15 kinds, and 40 look-alikes", () => {
  expect(secrets.length).toBeGreaterThanOrEqual(40);
  expect(new Set(secrets.map((s) => s.kind.split(" ")[0])).size).toBeGreaterThanOrEqual(15);
  expect(lookAlikes().length).toBeGreaterThanOrEqual(40);
});

test.each(secretCorpus().map((s) => [s.kind, s] as const))("masks a %s on its own line, keeping its line count", (_kind, secret) => {
  const { text, count } = redactSecrets(`before\n${secret.line}\nafter\n`);
  for (const part of parts(secret.value)) expect(text).not.toContain(part);
  expect(count).toBeGreaterThan(0);
  expect(text.split("\n").length).toBe(`before\n${secret.line}\nafter\n`.split("\n").length);
  expect(text.startsWith("before\n") && text.endsWith("\nafter\n")).toBe(true);
});

test.each(lookAlikes().map((line) => [line] as const))("leaves %s intact", (line) => {
  expect(redactSecrets(`${line}\n`)).toEqual({ text: `${line}\n`, count: 0 });
});

test("mixed together, every secret goes and every look-alike stays", () => {
  const looks = lookAlikes();
  const lines = secrets.flatMap((s, i) => [s.line, looks[i % looks.length]!]);
  const { text } = redactSecrets(lines.join("\n"));
  for (const s of secrets) for (const part of parts(s.value)) expect(text).not.toContain(part);
  for (const line of looks) expect(text).toContain(line);
});
