/**
 * The mutants of one source file, generated from its syntax tree, in source order. Each mutant is
 * one text replacement that still parses; type positions (annotations, literal types, imports)
 * are never mutated, so no mutant is a change the runtime cannot see.
 */
import ts from "typescript";

export interface Mutant {
  /** Byte-free text offsets into the original source: [start, end) is replaced by `replacement`. */
  start: number;
  end: number;
  replacement: string;
  /** 1-based line of `start`. */
  line: number;
  /** What changed, for the report: "`<` → `<=`". */
  mutation: string;
}

const SWAPS: Partial<Record<ts.SyntaxKind, string>> = {
  [ts.SyntaxKind.EqualsEqualsEqualsToken]: "!==",
  [ts.SyntaxKind.ExclamationEqualsEqualsToken]: "===",
  [ts.SyntaxKind.EqualsEqualsToken]: "!=",
  [ts.SyntaxKind.ExclamationEqualsToken]: "==",
  [ts.SyntaxKind.LessThanToken]: "<=",
  [ts.SyntaxKind.LessThanEqualsToken]: "<",
  [ts.SyntaxKind.GreaterThanToken]: ">=",
  [ts.SyntaxKind.GreaterThanEqualsToken]: ">",
  [ts.SyntaxKind.AmpersandAmpersandToken]: "||",
  [ts.SyntaxKind.BarBarToken]: "&&",
  [ts.SyntaxKind.MinusToken]: "+",
  [ts.SyntaxKind.AsteriskToken]: "/",
  [ts.SyntaxKind.SlashToken]: "*",
};

/** A node is runtime code unless it sits in a type, an import/export clause or a declaration name. */
function inTypePosition(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isTypeNode(at) || ts.isImportDeclaration(at) || ts.isExportDeclaration(at)) return true;
    if (ts.isInterfaceDeclaration(at) || ts.isTypeAliasDeclaration(at)) return true;
  }
  return false;
}

/** The alternatives of a regex source, split at top-level and group `|` (not inside a class or after `\`). */
export function regexAlternatives(source: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const starts: number[] = [0];
  const bars: number[][] = [[]];
  let inClass = false;
  const close = (end: number) => {
    const start = starts.pop()!;
    const cuts = bars.pop()!;
    if (cuts.length === 0) return;
    let from = start;
    for (const bar of cuts) {
      spans.push([from, bar]);
      from = bar + 1;
    }
    spans.push([from, end]);
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") {
      const prefix = /^\(\?(?:[:=!]|<[=!]|<[A-Za-z_]\w*>)/.exec(source.slice(i));
      starts.push(i + (prefix ? prefix[0].length : 1));
      bars.push([]);
    } else if (c === ")" && starts.length > 1) close(i);
    else if (c === "|") bars[bars.length - 1]!.push(i);
  }
  close(source.length);
  return spans;
}

function parses(text: string): boolean {
  const file = ts.createSourceFile("m.ts", text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return (file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length === 0;
}

export function mutantsOf(source: string): Mutant[] {
  const file = ts.createSourceFile("m.ts", source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Mutant[] = [];
  const add = (start: number, end: number, replacement: string, mutation: string) => {
    found.push({ start, end, replacement, mutation, line: file.getLineAndCharacterOfPosition(start).line + 1 });
  };
  const code = (node: ts.Node) => node.getText(file);
  const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57)}...` : text).replace(/\s+/g, " ");
  const negate = (cond: ts.Expression) => add(cond.getStart(file), cond.getEnd(), `!(${code(cond)})`, `negate \`${short(code(cond))}\``);

  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken;
      const to = SWAPS[op.kind];
      const numeric = (side: ts.Expression) => ts.isNumericLiteral(side) || /\.(length|size)$/.test(code(side));
      if (to) add(op.getStart(file), op.getEnd(), to, `\`${op.getText(file)}\` → \`${to}\``);
      else if (op.kind === ts.SyntaxKind.PlusToken && (numeric(node.left) || numeric(node.right)))
        add(op.getStart(file), op.getEnd(), "-", "`+` → `-`");
      else if (op.kind === ts.SyntaxKind.QuestionQuestionToken)
        add(node.getStart(file), node.getEnd(), code(node.left), "drop `?? fallback`");
    } else if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) {
      add(node.getStart(file), node.operand.getStart(file), "", "drop `!`");
    } else if (ts.isIfStatement(node) || ts.isWhileStatement(node) || ts.isDoStatement(node)) {
      negate(node.expression);
    } else if (ts.isConditionalExpression(node)) {
      negate(node.condition);
    } else if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword) {
      const to = node.kind === ts.SyntaxKind.TrueKeyword ? "false" : "true";
      if (!inTypePosition(node)) add(node.getStart(file), node.getEnd(), to, `\`${code(node)}\` → \`${to}\``);
    } else if (ts.isNumericLiteral(node) && !inTypePosition(node) && !ts.isEnumMember(node.parent)) {
      const value = Number(node.text);
      const to = String(value === 0 ? 1 : value + 1);
      add(node.getStart(file), node.getEnd(), to, `\`${code(node)}\` → \`${to}\``);
    } else if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && node.text !== "") {
      const parent = node.parent;
      const isName = (ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent)) && parent.name === node;
      const isRequire = ts.isCallExpression(parent) && code(parent.expression) === "require";
      if (!inTypePosition(node) && !isName && !isRequire && !ts.isExpressionStatement(parent))
        add(node.getStart(file), node.getEnd(), '""', `\`${short(code(node))}\` → \`""\``);
    } else if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const text = code(node);
      const body = text.slice(1, text.lastIndexOf("/"));
      const bodyStart = node.getStart(file) + 1;
      for (const [from, to] of regexAlternatives(body)) {
        let [cutFrom, cutTo] = [from, to];
        if (body[cutTo] === "|") cutTo++;
        else if (body[cutFrom - 1] === "|") cutFrom--;
        add(bodyStart + cutFrom, bodyStart + cutTo, "", `drop regex alternative \`${short(body.slice(from, to))}\``);
      }
    } else if (ts.isCallExpression(node) && /^Math\.(max|min)$/.test(code(node.expression))) {
      const to = code(node.expression) === "Math.max" ? "Math.min" : "Math.max";
      add(node.expression.getStart(file), node.expression.getEnd(), to, `\`${code(node.expression)}\` → \`${to}\``);
    }
    // An early exit (`if (c) return x;` with no else) dropped whole.
    if (ts.isIfStatement(node) && !node.elseStatement) {
      const then =
        ts.isBlock(node.thenStatement) && node.thenStatement.statements.length === 1
          ? node.thenStatement.statements[0]!
          : node.thenStatement;
      if (ts.isReturnStatement(then) || ts.isContinueStatement(then) || ts.isBreakStatement(then))
        add(node.getStart(file), node.getEnd(), ";", `drop early exit \`${short(code(node))}\``);
    }
    if (!inTypeOnly(node)) ts.forEachChild(node, visit);
  };
  visit(file);
  return found.filter((m) => parses(source.slice(0, m.start) + m.replacement + source.slice(m.end)));
}

function inTypeOnly(node: ts.Node): boolean {
  return (
    ts.isTypeNode(node) ||
    ts.isInterfaceDeclaration(node) ||
    ts.isTypeAliasDeclaration(node) ||
    ts.isImportDeclaration(node) ||
    ts.isExportDeclaration(node)
  );
}

export function applyMutant(source: string, mutant: Mutant): string {
  return source.slice(0, mutant.start) + mutant.replacement + source.slice(mutant.end);
}
