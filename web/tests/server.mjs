// Starts the real `gameboard serve` on a free loopback port with web/ as its web root (and
// `wasmDir` as its WebAssembly folder when given; else the binary's built-in default).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Each server stores its runs in a fresh folder, removed when it stops, so every test run starts
// with empty boards.
export function startServer(binary, webRoot, wasmDir) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gameboard-e2e-'));
  const args = ['serve', '--host', '127.0.0.1', '--port', '0', '--web-root', webRoot, '--data-dir', dataDir];
  if (wasmDir) args.push('--wasm-dir', wasmDir);
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`gameboard serve did not start: ${output}`)), 15000);
    child.on('error', (error) => reject(new Error(`cannot run ${binary}: ${error.message}`)));
    child.on('exit', (code) => reject(new Error(`gameboard serve exited with ${code}: ${output}`)));
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /Serving on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          dataDir,
          stop: () => stopServer(child).then(() => rmSync(dataDir, { recursive: true, force: true })),
        });
      }
    });
  });
}

function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
