#!/usr/bin/env node
// Prints the gzipped size of a built app and fails the build above its budget. Two measures:
//   every file under dist (the web messenger: all of it loads at once), or
//   --first-load: the scripts index.html loads before anything shows (its module script and modulepreload links;
//   the console: screens loaded later by route do not count).
// usage: node scripts/check-bundle-size.mjs <dist> --name <app> --budget-kb <n> [--first-load]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const gzippedSize = (path) => gzipSync(readFileSync(path), { level: 9 }).length;

/** Gzipped bytes of every file under dist, largest first. */
export function measureDist(distDir) {
  return listFiles(distDir)
    .map((path) => ({ file: relative(distDir, path), gzipped: gzippedSize(path) }))
    .sort((a, b) => b.gzipped - a.gzipped);
}

const attributeOf = (tag, name) => tag.match(new RegExp(`\\s${name}=["']([^"']+)["']`))?.[1] ?? null;

/** The scripts an HTML page fetches before it runs: its module scripts and its modulepreload links, in order. */
export function firstLoadScripts(html) {
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => attributeOf(tag, 'type') === 'module')
    .map((tag) => attributeOf(tag, 'src'));
  const preloads = [...html.matchAll(/<link\b[^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => attributeOf(tag, 'rel') === 'modulepreload')
    .map((tag) => attributeOf(tag, 'href'));
  return [...new Set([...scripts, ...preloads].filter((src) => src !== null))];
}

/** Gzipped bytes of the scripts dist/index.html loads first, largest first. */
export function measureFirstLoad(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  return firstLoadScripts(html)
    .map((src) => ({ file: src.replace(/^\.?\//, ''), path: resolve(distDir, src.replace(/^\//, '')) }))
    .map(({ file, path }) => {
      if (!existsSync(path)) throw new Error(`index.html loads ${file}, which is not in ${distDir}`);
      return { file, gzipped: gzippedSize(path) };
    })
    .sort((a, b) => b.gzipped - a.gzipped);
}

/** Prints the files and the total; returns false when the total is over the budget. */
export function reportBudget({ name, files, budgetBytes, measure }) {
  const total = files.reduce((sum, file) => sum + file.gzipped, 0);
  for (const { file, gzipped } of files)
    console.log(`  ${file.padEnd(48)} ${(gzipped / 1024).toFixed(1)} KB gzip`);
  console.log(
    `${name}: ${(total / 1024).toFixed(1)} KB gzipped ${measure} (budget ${(budgetBytes / 1024).toFixed(0)} KB)`,
  );
  if (total <= budgetBytes) return true;
  console.error(`${name} is over its size budget by ${((total - budgetBytes) / 1024).toFixed(1)} KB`);
  return false;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1]);
if (isMain) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      'budget-kb': { type: 'string' },
      'first-load': { type: 'boolean', default: false },
    },
  });
  const budgetKb = Number(values['budget-kb']);
  const [distDir] = positionals;
  if (!distDir || !values.name || !(budgetKb > 0)) {
    console.error('usage: check-bundle-size.mjs <dist> --name <app> --budget-kb <n> [--first-load]');
    process.exit(2);
  }
  const isFirstLoad = values['first-load'];
  const withinBudget = reportBudget({
    name: values.name,
    files: isFirstLoad ? measureFirstLoad(distDir) : measureDist(distDir),
    budgetBytes: budgetKb * 1024,
    measure: isFirstLoad ? 'on first load (entry script and modulepreloads)' : 'in total',
  });
  if (!withinBudget) process.exit(1);
}
