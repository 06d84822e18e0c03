#!/usr/bin/env node
// Prints the gzipped size of the built messenger (frame.html, its assets and embed.js) and fails above the budget.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 50 * 1024;

function listFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** Gzipped bytes of every file under dist, largest first. */
export function measureDist(distDir) {
  return listFiles(distDir)
    .map((path) => ({
      file: relative(distDir, path),
      gzipped: gzipSync(readFileSync(path), { level: 9 }).length,
    }))
    .sort((a, b) => b.gzipped - a.gzipped);
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const distDir = join(dirname(fileURLToPath(import.meta.url)), '../dist');
  const files = measureDist(distDir);
  const total = files.reduce((sum, file) => sum + file.gzipped, 0);
  for (const { file, gzipped } of files)
    console.log(`  ${file.padEnd(40)} ${(gzipped / 1024).toFixed(1)} KB gzip`);
  console.log(
    `web messenger: ${(total / 1024).toFixed(1)} KB gzipped in total (budget ${BUDGET_BYTES / 1024} KB)`,
  );
  if (total > BUDGET_BYTES) {
    console.error('the web messenger is over its size budget');
    process.exit(1);
  }
}
