/**
 * Buyers reach sellers (issue 25): conversations, messages, offers, the listing's status and
 * blocks for the two participants (reports are moderationRoutes.ts's); and, for the local host's
 * web app, the signed-in user's conversation changes as server-sent events.
 */
import express, { Router, type Request, type Response } from 'express';
import {
  blockSchema,
  listingStatusSchema,
  MESSAGES,
  offerDecisionSchema,
  offerSchema,
  parseWith,
  sendMessageSchema,
  startConversationSchema,
  type Conversation,
  type ConversationsPage,
  type Message,
  type MessagesPage,
} from '@flipstage/core';
import type { AppConfig } from '../config.js';
import type { Identity } from '../ports/identity.js';
import { invalid, ServiceError } from '../services/errors.js';
import {
  getConversation,
  listConversations,
  markRead,
  sendMessage,
  setBlocked,
  startConversation,
  unreadConversations,
  type ConversationDeps,
} from '../services/conversations.js';
import { decideOffer, makeOffer, setListingStatus } from '../services/offers.js';
import { currentUser, requireUser } from './auth.js';
import type { FairUseGates } from './fairUseGates.js';
import { requireVerifiedPerson } from './verifiedPerson.js';
import { requestLogger } from './requestContext.js';

/** A comment line this often keeps proxies and the browser from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;

const CONVERSATION_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** `?id=`: anything that is not an id the store hands out is a conversation that does not exist (the service's 404). */
const conversationId = (req: Request): string | undefined =>
  typeof req.query.id === 'string' && CONVERSATION_ID.test(req.query.id) ? req.query.id : undefined;

/** `?before=`: an instant, for the page of messages older than it. */
function before(req: Request): string | null {
  const value = req.query.before;
  if (value === undefined) return null;
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw invalid(MESSAGES.invalidCursor);
  return new Date(value).toISOString();
}

type RouteDeps = Omit<ConversationDeps, 'logger' | 'config'> & {
  identity: Identity;
  fairUse: FairUseGates;
  config: ConversationDeps['config'] & Pick<AppConfig, 'verifiedEmailRequired'>;
};

export function conversationRoutes(deps: RouteDeps): Router {
  const router = Router();
  const signedIn = requireUser(deps.identity);
  const json = express.json({ limit: '16kb' });
  const writing = [signedIn, deps.fairUse.messages, json];
  // A new thread or an offer reaches someone else: only a verified person may start one.
  const reaching = [signedIn, requireVerifiedPerson(deps.config.verifiedEmailRequired), deps.fairUse.messages, json];
  const withLogger = (res: Response): ConversationDeps => ({ ...deps, logger: requestLogger(res) });

  router.post('/conversations', ...reaching, async (req, res) => {
    const input = parseWith(startConversationSchema, req.body, invalid);
    const conversation = await startConversation(withLogger(res), currentUser(res), input);
    res.status(201).json(conversation satisfies Conversation);
  });

  router.get('/conversations', signedIn, async (_req, res) => {
    res.json({ data: await listConversations(deps, currentUser(res).uid) } satisfies ConversationsPage);
  });

  router.get('/conversations/unread', signedIn, async (_req, res) => {
    res.json({ unread: await unreadConversations(deps, currentUser(res).uid) });
  });

  router.get('/conversations/messages', signedIn, async (req, res) => {
    const page = await getConversation(deps, currentUser(res).uid, conversationId(req), before(req));
    res.json(page satisfies MessagesPage);
  });

  router.post('/conversations/messages', ...writing, async (req, res) => {
    const { text } = parseWith(sendMessageSchema, req.body, invalid);
    const message = await sendMessage(withLogger(res), currentUser(res).uid, conversationId(req), text);
    res.status(201).json(message satisfies Message);
  });

  router.post('/conversations/read', signedIn, json, async (req, res) => {
    res.json((await markRead(deps, currentUser(res).uid, conversationId(req))) satisfies Conversation);
  });

  router.post('/conversations/offer', ...reaching, async (req, res) => {
    const offer = parseWith(offerSchema, req.body, invalid);
    const message = await makeOffer(withLogger(res), currentUser(res).uid, conversationId(req), offer);
    res.status(201).json(message satisfies Message);
  });

  router.post('/conversations/offer-decision', signedIn, json, async (req, res) => {
    const input = parseWith(offerDecisionSchema, req.body, invalid);
    const conversation = await decideOffer(withLogger(res), currentUser(res).uid, conversationId(req), input);
    res.json(conversation satisfies Conversation);
  });

  router.post('/conversations/listing-status', signedIn, json, async (req, res) => {
    const { status } = parseWith(listingStatusSchema, req.body, invalid);
    const conversation = await setListingStatus(withLogger(res), currentUser(res).uid, conversationId(req), status);
    res.json(conversation satisfies Conversation);
  });

  router.post('/conversations/block', signedIn, json, async (req, res) => {
    const { blocked } = parseWith(blockSchema, req.body, invalid);
    res.json((await setBlocked(deps, currentUser(res).uid, conversationId(req), blocked)) satisfies Conversation);
  });

  // Local mode only: Firebase mode's app reads Firestore live, and the route would just hold a
  // connection with a token in its URL. An EventSource cannot send headers, so it takes the ID
  // token as ?token=.
  const events = deps.conversationEvents;
  if (events)
    router.get('/conversations/events', async (req, res) => {
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      if (!token) throw new ServiceError('unauthenticated', MESSAGES.signInRequired);
      const { uid } = await deps.identity.verifyIdToken(token);
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      res.write(': connected\n\n');
      const unsubscribe = events.subscribe(uid, (id) => {
        res.write(`event: conversation\ndata: ${id}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
      req.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
    });

  return router;
}
