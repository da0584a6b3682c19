/**
 * Which codec the archive stores blocks with: every codec Bun ships (gzip and deflate through
 * Bun's zlib, zstd through Bun's zstd), on the fixtures' real tool output, concatenated and as a
 * 3 MB block. Prints ratio and median compress/decompress time per codec, all in one run.
 * Run: bun run bench/archive-codecs.ts [runs]
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { CODECS, type CodecName } from "../src/store/codec.ts";

const RUNS = Number(process.argv[2] ?? 9);
const FIXTURES = resolve(import.meta.dir, "../test/fixtures");

function fixtureTexts(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...fixtureTexts(path));
    else if (name.endsWith(".txt") && !name.endsWith(".out.txt")) out.push(readFileSync(path, "utf8"));
  }
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const texts = fixtureTexts(FIXTURES);
const all = texts.join("");
let big = all;
while (Buffer.byteLength(big) < 3_000_000) big += all;
const samples: Array<[string, Buffer]> = [
  [`fixtures (${texts.length} files, one block each)`, Buffer.from("")],
  ["3 MB block (fixtures repeated)", Buffer.from(big.slice(0, 3_000_000))],
];

console.log(`runs: ${RUNS}, medians; bun ${Bun.version}`);
console.log("| sample | codec | in bytes | stored bytes | ratio | compress ms | decompress ms |");
console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
for (const [label, block] of samples) {
  const blocks = block.length === 0 ? texts.map((text) => Buffer.from(text)) : [block];
  const inBytes = blocks.reduce((sum, b) => sum + b.length, 0);
  for (const name of Object.keys(CODECS) as CodecName[]) {
    const codec = CODECS[name];
    const packed = blocks.map((b) => codec.pack(b));
    const stored = packed.reduce((sum, p) => sum + p.length, 0);
    const compressMs: number[] = [];
    const decompressMs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      let started = performance.now();
      for (const b of blocks) codec.pack(b);
      compressMs.push(performance.now() - started);
      started = performance.now();
      for (const p of packed) codec.unpack(p);
      decompressMs.push(performance.now() - started);
    }
    for (let i = 0; i < blocks.length; i++) if (!codec.unpack(packed[i]!).equals(blocks[i]!)) throw new Error(`${name} did not round-trip`);
    console.log(
      `| ${label} | ${name} | ${inBytes} | ${stored} | ${(inBytes / stored).toFixed(2)} | ${median(compressMs).toFixed(2)} | ${median(decompressMs).toFixed(2)} |`,
    );
  }
}
