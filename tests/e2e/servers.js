// Starts lms-sandbox and the gateway on free ports for one test run, and stops them again.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const STARTUP_TIMEOUT_MS = 30_000;

/** Spawns `command` and resolves with the URL it prints as `<name> listening on http://...`. */
function startServer(name, command, args, env) {
  if (!existsSync(command)) {
    throw new Error(`${command} is missing; build it first (cargo build --workspace)`);
  }
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  const url = new Promise((resolve, reject) => {
    const pattern = new RegExp(`${name} listening on (http://\\S+)`);
    let stdout = '';
    const timer = setTimeout(
      () => reject(new Error(`${name} did not report its address within ${STARTUP_TIMEOUT_MS} ms\n${stderr}`)),
      STARTUP_TIMEOUT_MS,
    );
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = pattern.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(match[1].replace(/\/$/, ''));
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited early (code ${code}, signal ${signal})\n${stderr}`));
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  return { name, child, url, stderr: () => stderr };
}

function stop(server) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.child.kill('SIGKILL'), 5_000);
    server.child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.child.kill('SIGTERM');
  });
}

/** The gateway config for this run: the demo's `acme` tenant pointed at this run's sandbox. */
function gatewayConfig(sandboxUrl, clientDir, parentOrigins) {
  const q = JSON.stringify; // TOML basic strings accept JSON string escapes.
  return `# Written by tests/e2e for one run.
client_dir = ${q(clientDir)}

[tenants.acme]
name = "Acme"
hosts = ["localhost"]
allow_http_loopback = true
api_url = ${q(`${sandboxUrl}/t/acme/api/`)}

[tenants.acme.oidc]
issuer = ${q(`${sandboxUrl}/t/acme/idp`)}
client_id = "learner-portal"
client_secret = "demo-secret"

[tenants.acme.ui]
catalog_enabled = true
dashboard_enabled = false
ai_tutor_enabled = false
default_locale = "en-US"
locales = ["en-US", "ar-AR"]
parent_origins = ${q(parentOrigins)}
media_origins = ${q([new URL(sandboxUrl).origin])}
`;
}

/**
 * Starts both servers. Returns their URLs (the portal on `localhost`, the host the tenant
 * answers to) and `stop()`, which also removes the scratch directory. `parentOrigins` are the
 * origins allowed to embed the portal.
 */
export async function startServers({ parentOrigins = [], extraToml } = {}) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'lp-e2e-'));
  // E2E_CLIENT_DIST: a client built elsewhere (CLIENT_DIST=... npm run build), else client/dist.
  const clientDir = process.env.E2E_CLIENT_DIST ?? path.join(repoRoot, 'client', 'dist');
  const started = [];
  const stopAll = async () => {
    await Promise.all(started.map(stop));
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    if (!existsSync(path.join(clientDir, 'index.html'))) {
      throw new Error('client/dist/index.html is missing; run `npm run build` in client/ first');
    }
    const sandbox = startServer('lms-sandbox', path.join(repoRoot, 'target', 'debug', 'lms-sandbox'), [
      '--listen',
      '127.0.0.1:0',
      '--data-dir',
      scratch,
    ]);
    started.push(sandbox);
    process.once('exit', () => started.forEach((s) => s.child.kill('SIGKILL')));
    const sandboxUrl = await sandbox.url;

    const configPath = path.join(scratch, 'e2e.toml');
    writeFileSync(configPath, gatewayConfig(sandboxUrl, clientDir, parentOrigins));
    const configs = ['--config', path.join(repoRoot, 'config', 'default.toml'), '--config', configPath];
    if (extraToml) {
      // A test file's own tenants or flags, loaded after the default e2e config.
      const extraPath = path.join(scratch, 'e2e-extra.toml');
      writeFileSync(extraPath, extraToml(sandboxUrl));
      configs.push('--config', extraPath);
    }
    const gateway = startServer(
      'gateway',
      path.join(repoRoot, 'target', 'debug', 'gateway'),
      configs,
      { LP_LISTEN: '127.0.0.1:0' },
    );
    started.push(gateway);
    const gatewayUrl = new URL(await gateway.url);
    gatewayUrl.hostname = 'localhost';

    return {
      sandboxOrigin: new URL(sandboxUrl).origin,
      portalUrl: new URL('/learn/', gatewayUrl).href,
      logs: () => started.map((s) => `--- ${s.name} stderr ---\n${s.stderr()}`).join('\n'),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * The example embedding page integrators copy (examples/embedding-parent), on another site
 * (127.0.0.1, while the portal answers on localhost) and a free port: `GET /?src=<portal URL>`
 * frames the portal and answers its re-login requests with a sign-in popup. Each call serves it
 * on another port, so a second call gives an origin the tenant does not list.
 */
export async function startParentPage() {
  const { serveExample } = await import('../../examples/embedding-parent/serve.mjs');
  return serveExample({ host: '127.0.0.1', port: 0 });
}
