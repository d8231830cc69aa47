// A certified OpenID provider (panva/oidc-provider) for the gateway's interoperability test.
//
// One client `learner-portal` (PKCE S256 required, refresh tokens rotated at every use, RP-initiated
// logout), RS256 keys made at start, JWT access tokens for one API resource, and a minimal sign-in
// form (inputs `username` and `password`) instead of the development interactions, so a test can
// post it over HTTP. Listens on 127.0.0.1 (port from PORT, default 0) and prints
// `listening on http://127.0.0.1:PORT` on stdout once it serves.
//
// Environment: REDIRECT_URI (the gateway's /oidc/callback), POST_LOGOUT_REDIRECT_URI,
// CLIENT_SECRET, API_RESOURCE (audience of access tokens), ACCESS_TOKEN_TTL (seconds),
// ACCOUNTS (JSON: {"username": {"password": "...", "email": "..."}}).

import http from 'node:http';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import Provider from 'oidc-provider';

const env = (name, fallback) => process.env[name] ?? fallback;
const port = Number(env('PORT', '0'));
const resource = env('API_RESOURCE', 'urn:lms:api');
const accounts = JSON.parse(env('ACCOUNTS', '{}'));

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };

const server = http.createServer();
await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'learner-portal',
      client_secret: env('CLIENT_SECRET', 'corp-secret'),
      redirect_uris: [env('REDIRECT_URI', 'http://localhost/oidc/callback')],
      post_logout_redirect_uris: [env('POST_LOGOUT_REDIRECT_URI', 'http://localhost/learn/')],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  jwks: { keys: [jwk] },
  pkce: { required: () => true, methods: ['S256'] },
  scopes: ['openid', 'offline_access', 'email', 'profile'],
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
  features: {
    devInteractions: { enabled: false },
    rpInitiatedLogout: {
      enabled: true,
      // Sign out without a confirmation page: the form posts itself.
      logoutSource: async (ctx, form) => {
        ctx.body = `<!doctype html><title>Signing out</title><body>${form}
          <script>document.forms[0].submit()</script></body>`;
      },
    },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => resource,
      useGrantedResource: () => true,
      getResourceServerInfo: (ctx, indicator) => {
        if (indicator !== resource) throw new Error('unknown resource');
        return {
          scope: 'api',
          audience: resource,
          accessTokenTTL: Number(env('ACCESS_TOKEN_TTL', '20')),
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        };
      },
    },
  },
  // First-party client: grant what it asks for, no consent screen.
  loadExistingGrant: async (ctx) => {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) {
      const existing = await ctx.oidc.provider.Grant.find(grantId);
      if (existing) return existing;
    }
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid offline_access email profile');
    grant.addResourceScope(resource, 'api');
    await grant.save();
    return grant;
  },
  issueRefreshToken: async (ctx, client) => client.grantTypeAllowed('refresh_token'),
  rotateRefreshToken: true,
  findAccount: async (ctx, sub) => {
    const account = accounts[sub];
    if (!account) return undefined;
    return {
      accountId: sub,
      claims: async () => ({ sub, email: account.email, email_verified: true, name: sub, preferred_username: sub }),
    };
  },
  ttl: { AccessToken: Number(env('ACCESS_TOKEN_TTL', '20')), IdToken: 600, RefreshToken: 3600, Session: 3600, Grant: 3600, Interaction: 600 },
  interactions: { url: (ctx, interaction) => `/interaction/${interaction.uid}` },
  cookies: { keys: [randomUUID()] },
});

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (uid, message) => `<!doctype html><title>Corporate sign-in</title>
<form method="post" action="/interaction/${escape(uid)}">
${message ? `<p role="alert">${escape(message)}</p>` : ''}
<label>Username <input name="username"></label>
<label>Password <input name="password" type="password"></label>
<button>Sign in</button></form>`;

const readForm = (req) =>
  new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > 10000) reject(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
  });

const callback = provider.callback();
server.on('request', async (req, res) => {
  const match = /^\/interaction\/([\w-]+)$/.exec(req.url.split('?')[0]);
  if (!match) return callback(req, res);
  try {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(page(details.uid));
    }
    const form = await readForm(req);
    const username = form.get('username') ?? '';
    const account = accounts[username];
    if (!account || account.password !== form.get('password')) {
      res.writeHead(401, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(page(details.uid, 'Wrong username or password'));
    }
    await provider.interactionFinished(req, res, { login: { accountId: username } }, { mergeWithLastSubmission: false });
  } catch (error) {
    res.writeHead(400, { 'content-type': 'text/plain' });
    res.end(`interaction failed: ${error.message}`);
  }
});

process.stdout.write(`listening on ${issuer}\n`);
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// Stop with the test: when stdin closes (the test process went away), exit.
process.stdin.on('end', stop);
process.stdin.resume();
