#!/usr/bin/env node
// Serves this example page (index.html and parent.js) on loopback, to try embedding locally:
//
//   node examples/embedding-parent/serve.mjs [--port 8090]   ->  http://127.0.0.1:8090/
//
// `make demo` runs it, and the browser tests serve the page through `serveExample()`. Any static
// web server does the same job; this one needs nothing but Node and serves these two files only.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const FILES = new Map([
  ['/', { file: 'index.html', type: 'text/html; charset=utf-8' }],
  ['/index.html', { file: 'index.html', type: 'text/html; charset=utf-8' }],
  ['/parent.js', { file: 'parent.js', type: 'text/javascript; charset=utf-8' }],
]);

async function answer(req, res) {
  const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
  const entry = FILES.get(pathname);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Method not allowed\n');
    return;
  }
  if (!entry) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('Not found\n');
    return;
  }
  const body = await readFile(path.join(here, entry.file));
  res.writeHead(200, {
    'Content-Type': entry.type,
    'Content-Length': body.length,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Starts serving on `host:port` (port 0: any free port). Resolves with the page's origin and
 * `stop()`.
 */
export async function serveExample({ host = '127.0.0.1', port = 8090 } = {}) {
  const server = createServer((req, res) => {
    answer(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal error\n');
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return {
    origin: `http://${host}:${address.port}`,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const flag = process.argv.indexOf('--port');
  const port = flag > 0 ? Number(process.argv[flag + 1]) : 8090;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port wants a port number, got ${process.argv[flag + 1]}`);
    process.exit(2);
  }
  const { origin } = await serveExample({ port });
  console.log(`embedding example listening on ${origin}/`);
}
