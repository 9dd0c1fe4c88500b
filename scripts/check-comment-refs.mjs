#!/usr/bin/env node
// Comments must point at something a maintainer can open: a path in this repository, such as
// `docs/git.md#sync` or the code file itself. This check (part of `npm run lint`) fails when a
// comment cites a document that is not in the repository (a specification's "§N", an
// architecture note's "§N", an issue number, a file beside the repository or in /tmp), and when a
// comment or a docs page points at a docs page or section that does not exist.
//
// Comments are read with the TypeScript parser (so text in strings and regular expressions is not
// mistaken for a comment); CSS and HTML comments with a plain pattern; Markdown pages whole.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIRS = ['apps', 'packages', 'bench', 'e2e', 'scripts'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'test-results', 'media', 'coverage']);
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx)$/;

/** Citations of documents outside the repository, each with what to write instead. */
export const OUTSIDE_REFERENCES = [
  { pattern: /\bspec(?:'s)?\s*§/i, what: 'a specification section ("spec §N")' },
  { pattern: /\bARCHITECTURE\s*§/i, what: 'an architecture section ("ARCHITECTURE §N")' },
  // Any other section sign with a number, except an RFC's (those are public standards).
  { pattern: /(?<!\bRFC\s*\d+\s*|spec(?:'s)?\s*|ARCHITECTURE\s*)§\s?\d/i, what: 'a section number ("§N")' },
  { pattern: /\bissues?\s+#?\d+/i, what: 'an issue number' },
  { pattern: /product-spec/i, what: 'the product specification' },
  { pattern: /\.\.\/shared\//, what: 'a file beside the repository (../shared/)' },
  { pattern: /\/tmp\/briefs?\b|\bbriefs\//, what: 'a brief outside the repository' },
];

/** GitHub's anchor of a Markdown heading. */
export function slug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map();
function anchorsOf(file) {
  if (!anchorCache.has(file)) {
    const anchors = new Set();
    let fenced = false;
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (line.startsWith('```')) fenced = !fenced;
      const heading = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
      if (heading) anchors.add(slug(heading[1]));
    }
    anchorCache.set(file, anchors);
  }
  return anchorCache.get(file);
}

function exists(path) {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Problems of one docs pointer (`docs/x.md#y`, a path from the repository root). */
function checkDocsPointer(pointer) {
  const [path, anchor] = pointer.split('#');
  const file = join(ROOT, path);
  if (!exists(file)) return `points at ${path}, which does not exist`;
  if (anchor && !anchorsOf(file).has(anchor)) return `points at ${pointer}, but ${path} has no such section`;
  return null;
}

/** The problems of one comment's text. */
export function problemsIn(text) {
  const problems = [];
  for (const { pattern, what } of OUTSIDE_REFERENCES) {
    if (pattern.test(text)) problems.push(`cites ${what}, which is not in the repository; point at a repository path instead`);
  }
  for (const [pointer] of text.matchAll(/\bdocs\/[\w./-]+\.md(?:#[\w-]+)?/g)) {
    const problem = checkDocsPointer(pointer);
    if (problem) problems.push(problem);
  }
  return problems;
}

/** Every comment of a JavaScript or TypeScript file, with its line. */
export function codeComments(text, fileName) {
  const kind = /\.(tsx|jsx)$/.test(fileName)
    ? ts.ScriptKind.TSX
    : /\.m?ts$|\.cts$/.test(fileName)
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Map();
  const collect = (ranges) => {
    for (const range of ranges ?? []) {
      if (!seen.has(range.pos)) seen.set(range.pos, text.slice(range.pos, range.end));
    }
  };
  const visit = (node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, 0));
  return [...seen].map(([pos, comment]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: comment }));
}

function patternComments(text, pattern) {
  return [...text.matchAll(pattern)].map((m) => ({ line: text.slice(0, m.index).split('\n').length, text: m[0] }));
}

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** Whether a text can hold anything this check looks for (most files cannot: no parse needed). */
function mayCite(text) {
  return /docs\/|§|issue|spec|shared\/|brief/i.test(text);
}

function commentsOf(file, text) {
  if (!mayCite(text) && !file.endsWith('.md')) return [];
  if (CODE.test(file)) return codeComments(text, file);
  if (file.endsWith('.css')) return patternComments(text, /\/\*[\s\S]*?\*\//g);
  if (file.endsWith('.html')) return patternComments(text, /<!--[\s\S]*?-->|\/\*[\s\S]*?\*\//g);
  if (file.endsWith('.md')) return [{ line: 1, text, markdown: true }];
  return [];
}

/** Relative links of a docs page (`[text](page.md#section)`) that lead nowhere. */
function brokenMarkdownLinks(file, text) {
  const problems = [];
  for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const link = m[1];
    if (/^[a-z]+:/i.test(link)) continue;
    const [path, anchor] = link.split('#');
    const target = path ? normalize(join(dirname(file), path)) : file;
    const line = text.slice(0, m.index).split('\n').length;
    if (!exists(target)) problems.push({ line, problem: `links to ${link}, which does not exist` });
    else if (anchor && target.endsWith('.md') && !anchorsOf(target).has(anchor))
      problems.push({ line, problem: `links to ${link}, but ${relative(ROOT, target)} has no such section` });
  }
  return problems;
}

export function check() {
  const found = [];
  const files = [...SOURCE_DIRS.flatMap((d) => [...walk(join(ROOT, d))]), ...walk(join(ROOT, 'docs')), join(ROOT, 'README.md')];
  for (const file of files) {
    if (file === fileURLToPath(import.meta.url)) continue;
    const text = readFileSync(file, 'utf8');
    const where = relative(ROOT, file);
    for (const comment of commentsOf(file, text)) {
      if (comment.markdown) {
        text.split('\n').forEach((line, i) => {
          for (const problem of problemsIn(line)) found.push(`${where}:${i + 1}: ${problem}`);
        });
        for (const { line, problem } of brokenMarkdownLinks(file, text)) found.push(`${where}:${line}: ${problem}`);
        continue;
      }
      for (const problem of problemsIn(comment.text)) found.push(`${where}:${comment.line}: ${problem}`);
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = check();
  for (const line of found) console.error(line);
  if (found.length > 0) {
    console.error(`\n${found.length} comment reference(s) to fix (see scripts/check-comment-refs.mjs).`);
    process.exit(1);
  }
  console.log('Comment references: every pointer is a repository path.');
}
