/**
 * The simulated eBay's OAuth (issue 41): the consent page a seller agrees on, the token endpoint
 * (authorization code and refresh token grants, with the app's keys in Basic auth, and OAuth's
 * error answers), and the account page where a seller removes an app's access, as eBay's
 * "Third-party app access" does; that revokes the app's refresh tokens.
 */
import express, { Router, type Response } from 'express';
import { escapeHtml } from '@flipstage/core';
import { APP, newId, SIM_SELLER, type SimMemory } from './simState.js';
import { simPage } from './simPages.js';

/** An app registered with the simulated eBay: its keys, and where its RuName sends the seller back. */
export interface SimApp {
  clientId: string;
  clientSecret: string;
  ruName: string;
  acceptUrl: string;
  declineUrl: string;
}

const ACCESS_SECONDS = 7200;
/** eBay's refresh tokens live about 18 months. */
const REFRESH_SECONDS = 47_304_000;
const CODE_SECONDS = 299;

const oauthError = (res: Response, status: number, error: string, description: string) =>
  res.status(status).json({ error, error_description: description });

export function simOAuth(options: { app: SimApp; memory: SimMemory; now?: () => number }): Router {
  const { app, memory } = options;
  const state = memory.state;
  const now = options.now ?? Date.now;
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: '16kb' });

  router.get('/oauth2/authorize', (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    if (q.client_id !== app.clientId || q.redirect_uri !== app.ruName || q.response_type !== 'code') {
      simPage(
        res,
        400,
        'Invalid request',
        '<h1>Invalid request</h1><p>The app’s client id or RuName is not registered.</p>',
      );
      return;
    }
    const scopes = (q.scope ?? '').split(' ').filter(Boolean);
    const hidden = `<input type="hidden" name="state" value="${escapeHtml(q.state ?? '')}">`;
    simPage(
      res,
      200,
      'Grant application access',
      `<p class="note">Simulated eBay — local mode, no eBay account needed</p>
<h1>Grant application access: FlipStage</h1>
<p>Signed in as <strong>${escapeHtml(SIM_SELLER.username)}</strong>.</p>
<p>FlipStage would like to:</p><ul>${scopes.map((s) => `<li>${escapeHtml(s.replace(/^.*\//, ''))}</li>`).join('')}</ul>
<form method="post" action="decision">${hidden}<button class="primary" name="decision" value="agree">I agree</button>
<button class="secondary" name="decision" value="decline">No thanks</button></form>`,
    );
  });

  router.post('/oauth2/decision', form, async (req, res) => {
    const body = req.body as Record<string, string | undefined>;
    const back = (base: string, params: Record<string, string>) => {
      const url = new URL(base);
      for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
      return url.toString();
    };
    if (body.decision !== 'agree') return res.redirect(303, back(app.declineUrl, { state: body.state ?? '' }));
    const code = newId('v^1.1#i^1#code');
    state.codes[code] = { userId: SIM_SELLER.userId, expiresAt: now() + CODE_SECONDS * 1000 };
    await memory.save();
    res.redirect(303, back(app.acceptUrl, { state: body.state ?? '', code, expires_in: String(CODE_SECONDS) }));
  });

  router.post('/identity/v1/oauth2/token', form, async (req, res) => {
    const basic = /^Basic (\S+)$/.exec(req.get('authorization') ?? '')?.[1];
    const keys = basic ? Buffer.from(basic, 'base64').toString() : '';
    if (keys !== `${app.clientId}:${app.clientSecret}`)
      return oauthError(res, 401, 'invalid_client', 'client authentication failed');
    const body = req.body as Record<string, string | undefined>;
    const access = (userId: string) => {
      const token = newId('v^1.1#i^1#access');
      state.accessTokens[token] = { userId, expiresAt: now() + ACCESS_SECONDS * 1000 };
      return token;
    };
    if (body.grant_type === 'authorization_code') {
      const held = state.codes[body.code ?? ''];
      delete state.codes[body.code ?? ''];
      if (!held || held.expiresAt <= now())
        return oauthError(
          res,
          400,
          'invalid_grant',
          'the provided authorization grant code is invalid or was issued to another client',
        );
      if (body.redirect_uri !== app.ruName)
        return oauthError(res, 400, 'invalid_request', 'redirect_uri is not the RuName the code was issued for');
      const refresh = newId('v^1.1#i^1#refresh');
      state.refreshTokens[refresh] = { userId: held.userId, expiresAt: now() + REFRESH_SECONDS * 1000, revoked: false };
      const accessToken = access(held.userId);
      await memory.save();
      return res.json({
        access_token: accessToken,
        expires_in: ACCESS_SECONDS,
        refresh_token: refresh,
        refresh_token_expires_in: REFRESH_SECONDS,
        token_type: 'User Access Token',
      });
    }
    if (body.grant_type === 'refresh_token') {
      const held = state.refreshTokens[body.refresh_token ?? ''];
      if (!held || held.revoked || held.expiresAt <= now())
        return oauthError(
          res,
          400,
          'invalid_grant',
          'the provided authorization refresh token is invalid or was issued to another client',
        );
      const accessToken = access(held.userId);
      await memory.save();
      return res.json({ access_token: accessToken, expires_in: ACCESS_SECONDS, token_type: 'User Access Token' });
    }
    if (body.grant_type === 'client_credentials') {
      // An application token: calls made as the app, for no seller.
      const accessToken = access(APP);
      await memory.save();
      return res.json({
        access_token: accessToken,
        expires_in: ACCESS_SECONDS,
        token_type: 'Application Access Token',
      });
    }
    oauthError(res, 400, 'unsupported_grant_type', 'grant type not supported');
  });

  router.get('/account/third-party-apps', (_req, res) => {
    const connected = Object.values(state.refreshTokens).some((t) => !t.revoked && t.userId === SIM_SELLER.userId);
    simPage(
      res,
      200,
      'Third-party app access',
      `<p class="note">Simulated eBay — local mode</p><h1>Third-party app access</h1>
${connected ? `<p><strong>FlipStage</strong> can list items for you.</p><form method="post" action="third-party-apps/remove"><button class="danger">Remove FlipStage’s access</button></form>` : '<p>No app has access to your account.</p>'}`,
    );
  });
  router.post('/account/third-party-apps/remove', async (_req, res) => {
    for (const token of Object.values(state.refreshTokens))
      if (token.userId === SIM_SELLER.userId) token.revoked = true;
    for (const [key, token] of Object.entries(state.accessTokens))
      if (token.userId === SIM_SELLER.userId) delete state.accessTokens[key];
    await memory.save();
    res.redirect(303, '../third-party-apps');
  });
  return router;
}
