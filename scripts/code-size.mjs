#!/usr/bin/env node
// The code's size as issue notes report it: files and lines per folder (server modules and
// providers, web features and components, shared), and the largest functions of the product code
// (tests excluded). `node scripts/code-size.mjs [--top 20]`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const topIndex = process.argv.indexOf('--top');
const TOP = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 20;
const FOLDERS = [
  'apps/server/src/modules',
  'apps/server/src/providers',
  'apps/server/src/lib',
  'apps/server/src/db',
  'apps/web/src/features',
  'apps/web/src/components',
  'apps/web/src/app',
  'apps/web/src/lib',
  'packages/shared/src',
];
const isCode = (name) => /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts');
const isTest = (name) => /\.(test|spec)\.(ts|tsx)$/.test(name) || name.includes('.crash-child.');

function walk(dir, out = []) {
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'migrations') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (isCode(entry)) out.push(path);
  }
  return out;
}

const lines = (path) => readFileSync(path, 'utf8').split('\n').length;

console.log('| folder | sub-folder | files | test files | lines (no tests) |\n|---|---|---|---|---|');
const functions = [];
for (const folder of FOLDERS) {
  const base = join(root, folder);
  const groups = new Map();
  for (const file of walk(base)) {
    const rel = relative(base, file);
    const group = rel.includes('/') ? rel.split('/')[0] : '(top)';
    const g = groups.get(group) ?? { files: 0, tests: 0, lines: 0 };
    if (isTest(file)) g.tests++;
    else {
      g.files++;
      g.lines += lines(file);
      collectFunctions(file, functions);
    }
    groups.set(group, g);
  }
  for (const [group, g] of [...groups].sort()) console.log(`| ${folder} | ${group} | ${g.files} | ${g.tests} | ${g.lines} |`);
}

console.log(`\n| lines | function | file |\n|---|---|---|`);
for (const f of functions.sort((a, b) => b.lines - a.lines).slice(0, TOP))
  console.log(`| ${f.lines} | \`${f.name}\` | ${f.file} |`);

/** Every named function of a file (declarations, methods, functions and arrows bound to a name) with its line count. */
function collectFunctions(path, out) {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const span = (node) =>
    source.getLineAndCharacterOfPosition(node.getEnd()).line -
    source.getLineAndCharacterOfPosition(node.getStart(source)).line +
    1;
  const visit = (node) => {
    let name;
    if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) name = node.name.getText(source);
    else if (
      ts.isVariableDeclaration(node) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
    )
      name = node.name.getText(source);
    else if (ts.isPropertyAssignment(node) && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer)))
      name = node.name.getText(source);
    if (name) out.push({ name, lines: span(node), file: relative(root, path) });
    ts.forEachChild(node, visit);
  };
  visit(source);
}
