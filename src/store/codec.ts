/**
 * How archived blocks are packed. `bench/archive-codecs.ts` measured every codec Bun ships on the
 * fixtures' real tool output; the archive writes with ARCHIVE_CODEC and reads any of them, so a
 * block written by an older build (`plain`) still resolves.
 */
export type CodecName = "plain" | "gzip" | "deflate" | "zstd";

export interface Codec {
  pack(bytes: Uint8Array): Buffer;
  unpack(bytes: Uint8Array): Buffer;
}

/** Bun's codecs are typed for ArrayBuffer-backed views; every view omni passes is one. */
const view = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;

export const CODECS: Record<CodecName, Codec> = {
  plain: { pack: (bytes) => Buffer.from(bytes), unpack: (bytes) => Buffer.from(bytes) },
  gzip: {
    pack: (bytes) => Buffer.from(Bun.gzipSync(view(bytes), { level: 6 })),
    unpack: (bytes) => Buffer.from(Bun.gunzipSync(view(bytes))),
  },
  deflate: {
    pack: (bytes) => Buffer.from(Bun.deflateSync(view(bytes), { level: 6 })),
    unpack: (bytes) => Buffer.from(Bun.inflateSync(view(bytes))),
  },
  zstd: {
    pack: (bytes) => Buffer.from(Bun.zstdCompressSync(view(bytes), { level: 3 })),
    unpack: (bytes) => Buffer.from(Bun.zstdDecompressSync(view(bytes))),
  },
};

export function isCodecName(name: string): name is CodecName {
  return Object.hasOwn(CODECS, name);
}
