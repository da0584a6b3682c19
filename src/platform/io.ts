/** Standard streams, read and written as bytes so nothing is re-encoded on the way through. */
import { writeSync } from "node:fs";

export async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
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

/** One line typed at the terminal (menus), or null at end of input. */
export function askLine(question: string): string | null {
  return prompt(question);
}
