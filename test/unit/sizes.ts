/** Sizes the layer tests hold the product to: a file's lines, and each function's (read with the TypeScript parser). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { ROOT } from './imports';

export function lineCount(file: string): number {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

export interface FunctionSize {
  file: string;
  /** The name it is known by: its own, its variable's, its property's or method's; `(anonymous)` otherwise. */
  name: string;
  line: number;
  lines: number;
}

function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && parent.name) {
    return parent.name.getText(source);
  }
  return '(anonymous)';
}

/** Every function of a file (declarations, methods, arrows, expressions), nested ones too, with its length in lines. */
export function functionSizes(file: string): FunctionSize[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: FunctionSize[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const declaration = node as ts.FunctionLikeDeclaration;
      const start = source.getLineAndCharacterOfPosition(declaration.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(declaration.getEnd()).line;
      found.push({ file, name: nameOf(declaration, source), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
