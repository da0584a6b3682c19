/** Standard streams, read and written as bytes so nothing is re-encoded on the way through. */
import { writeSync } from "node:fs";

/**
 * Read stdin whole while it stays within `limitBytes`. Past the limit, every chunk (those held so
 * far, then the rest as it arrives) goes to `overflow` instead and the result is null, so memory
 * stays flat however large the input: the caller passes the bytes on, or drops them.
 */
export async function readStdinWithin(limitBytes: number, overflow: (chunk: Buffer) => void): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  // Bun's own stream, not process.stdin: setting up the Node stream cost a hook more than reading a megabyte.
  for await (const bytes of Bun.stdin.stream()) {
    const chunk = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (over) {
      overflow(chunk);
      continue;
    }
    chunks.push(chunk);
    size += chunk.length;
    if (size > limitBytes) {
      over = true;
      for (const held of chunks.splice(0)) overflow(held);
    }
  }
  return over ? null : Buffer.concat(chunks);
}

export function stdinIsTty(): boolean {
  return Boolean(process.stdin.isTTY);
}

export function stdoutIsTty(): boolean {
  return Boolean(process.stdout.isTTY);
}

/** Synchronous writes: a hook exits right after, and buffered async writes could be lost. */
export function writeOut(data: string | Uint8Array): void {
  writeAll(1, data);
}

export function writeErr(data: string | Uint8Array): void {
  writeAll(2, data);
}

function writeAll(fd: number, data: string | Uint8Array): void {
  let bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  while (bytes.length > 0) {
    try {
      const written = writeSync(fd, bytes);
      bytes = bytes.subarray(written);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EAGAIN") continue;
      // A reader that went away (EPIPE) is not our failure to report.
      return;
    }
  }
}

/** Decode UTF-8 strictly: null when the bytes are not valid text (binary passes through raw). */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Width to lay side-by-side output out in: the terminal's, or 80 when not a terminal. */
export function terminalColumns(): number {
  return process.stdout.isTTY && process.stdout.columns ? process.stdout.columns : 80;
}

export function stderrIsTty(): boolean {
  return Boolean(process.stderr.isTTY);
}

/** One line typed at the terminal (menus), or null at end of input. */
export function askLine(question: string): string | null {
  return prompt(question);
}
