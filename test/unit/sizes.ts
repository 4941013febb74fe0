/**
 * The sizes the layer tests hold the product to, one module for all of them: the source files under a folder,
 * a file's lines and each function's (read with the TypeScript parser).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The repository's root: paths below are relative to it. */
export const ROOT = join(import.meta.dirname, '../..');

/** Every .ts and .tsx file under `dir` (relative to the root), sorted. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir))
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
      return /\.tsx?$/.test(name) ? [path] : [];
    });
}

/** A file's lines, as an editor numbers them (a final newline opens no line). */
export function lineCount(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

export type FunctionSpan = { name: string; line: number; lines: number };

/** A function's name for a report: its own, else the variable, property or method it is assigned to. */
function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(source);
  }
  return '(anonymous)';
}

const isFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/**
 * Every function of a source text (declarations, expressions, arrow functions, methods, constructors and
 * accessors) with the lines it spans, from its first token to its last: the comment above it is not counted,
 * the functions nested in it are (a factory's closure is as long as everything it holds).
 */
export function functionSpans(text: string, fileName = 'file.ts'): FunctionSpan[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const spans: FunctionSpan[] = [];
  const visit = (node: ts.Node) => {
    if (isFunction(node)) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      spans.push({ name: nameOf(node, source), line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return spans;
}

/**
 * The files over `maxLines` lines and the functions over `maxFunctionLines`, under these folders (only the files
 * `measured` keeps), with how many files and functions were read so a test can tell an empty walk from a clean one.
 */
export function oversized(
  dirs: readonly string[],
  maxLines: number,
  maxFunctionLines: number,
  measured: (file: string) => boolean = () => true,
) {
  const texts = dirs
    .flatMap(sourceFiles)
    .filter(measured)
    .map((file) => [file, readFileSync(join(ROOT, file), 'utf8')] as const);
  const spans = texts.flatMap(([file, text]) => functionSpans(text, file).map((span) => ({ file, ...span })));
  return {
    files: texts.length,
    functions: spans.length,
    longFiles: texts.filter(([, text]) => lineCount(text) > maxLines).map(([f, text]) => `${f}: ${lineCount(text)}`),
    longFunctions: spans
      .filter((span) => span.lines > maxFunctionLines)
      .map((span) => `${span.file}:${span.line} ${span.name}: ${span.lines}`),
  };
}
