import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstLoadScripts, measureDist, measureFirstLoad } from './check-bundle-size.mjs';

const script = join(import.meta.dirname, 'check-bundle-size.mjs');

/** Random bytes do not compress: n bytes stay about n gzipped. */
function incompressible(bytes: number): string {
  let text = '';
  let seed = 7;
  while (text.length < bytes) {
    seed = (seed * 48271) % 2147483647;
    text += String.fromCharCode(33 + (seed % 90));
  }
  return text;
}

function builtApp(files: Record<string, string>): string {
  const dist = mkdtempSync(join(tmpdir(), 'bundle-size-'));
  mkdirSync(join(dist, 'assets'));
  for (const [path, content] of Object.entries(files)) writeFileSync(join(dist, path), content);
  return dist;
}

const html = `<!doctype html><html><head>
  <script type="module" crossorigin src="./assets/entry.js"></script>
  <link rel="modulepreload" crossorigin href="./assets/vendor.js">
  <link rel="stylesheet" crossorigin href="./assets/style.css">
</head><body></body></html>`;

function run(dist: string, ...args: string[]) {
  try {
    return {
      code: 0,
      output: execFileSync('node', [script, dist, ...args], { encoding: 'utf8', stdio: 'pipe' }),
    };
  } catch (error) {
    const failed = error as { status: number; stdout: string; stderr: string };
    return { code: failed.status, output: failed.stdout + failed.stderr };
  }
}

describe('check-bundle-size', () => {
  it('finds the module scripts and modulepreloads of a page, not its stylesheets', () => {
    expect(firstLoadScripts(html)).toEqual(['./assets/entry.js', './assets/vendor.js']);
  });

  it('counts only the first load: a screen loaded later by route does not', () => {
    const dist = builtApp({
      'index.html': html,
      'assets/entry.js': incompressible(3000),
      'assets/vendor.js': incompressible(2000),
      'assets/screen.js': incompressible(50_000),
    });
    const firstLoad = measureFirstLoad(dist);
    expect(firstLoad.map((file) => file.file)).toEqual(['assets/entry.js', 'assets/vendor.js']);
    expect(measureDist(dist).map((file) => file.file)).toContain('assets/screen.js');
  });

  it('fails the build above the budget and passes below it', () => {
    const dist = builtApp({
      'index.html': html,
      'assets/entry.js': incompressible(3000),
      'assets/vendor.js': incompressible(2000),
    });
    const over = run(dist, '--name', 'console', '--budget-kb', '4', '--first-load');
    expect(over.code).toBe(1);
    expect(over.output).toContain('console is over its size budget');
    expect(run(dist, '--name', 'console', '--budget-kb', '6', '--first-load').code).toBe(0);
    expect(run(dist, '--name', 'web messenger', '--budget-kb', '4').code).toBe(1);
  });
});
