/** ANSI colour, only on a TTY and never with NO_COLOR (https://no-color.org: any value, even empty). */
export interface Paint {
  bold(text: string): string;
  dim(text: string): string;
  green(text: string): string;
  red(text: string): string;
}

const plain: Paint = { bold: (t) => t, dim: (t) => t, green: (t) => t, red: (t) => t };

const ansi = (open: number, close: number) => (text: string) => `\u001b[${open}m${text}\u001b[${close}m`;

export function paintFor(isTty: boolean, env: Record<string, string | undefined>): Paint {
  if (!isTty || env.NO_COLOR !== undefined) return plain;
  return { bold: ansi(1, 22), dim: ansi(2, 22), green: ansi(32, 39), red: ansi(31, 39) };
}
