import {
  ChatInput,
  ChatListQuery,
  ChatMessageInput,
  ChatMessagePage,
  ChatMessagesQuery,
  ChatMessageView,
  ChatPage,
  ChatReadInput,
  ChatUnreadView,
  ChatUuidParam,
  ChatView,
  ConfirmationView,
  IdParam,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActiveSubscription, requirePlan } from '../../http/guards';
import { markChatRead } from './commands/mark-chat-read';
import { createChat, deleteChat, updateChat } from './commands/save-chat';
import { sendChatMessage } from './commands/send-chat-message';
import { presentChat } from './presenter';
import { findChatForMember, listChatMessagesPage, listChatsPage, unreadTotal } from './queries';

/**
 * Internal chat (spec 3 "Internal chat", §7). Every user of a company whose plan has useInternalChat;
 * a chat exists only for its members (404 for anyone else), and only its owner edits or deletes it.
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = [app.authenticate, requireActiveSubscription, requirePlan('useInternalChat')];

  app.get('/chats', { schema: { querystring: ChatListQuery, response: { 200: ChatPage } }, preHandler: member }, async (req) =>
    listChatsPage(req.ctx.db, req.ctx.companyId, req.ctx.actor.id, req.query),
  );

  app.get('/chats/unread', { schema: { response: { 200: ChatUnreadView } }, preHandler: member }, async (req) => ({
    unreads: await unreadTotal(req.ctx.db, req.ctx.companyId, req.ctx.actor.id),
  }));

  app.get('/chats/:id', { schema: { params: ChatUuidParam, response: { 200: ChatView } }, preHandler: member }, async (req) => {
    const { chat, members } = await findChatForMember(req.ctx.db, req.ctx.companyId, req.ctx.actor.id, { uuid: req.params.id });
    return presentChat(chat, members);
  });

  app.post('/chats', { schema: { body: ChatInput, response: { 200: ChatView } }, preHandler: member }, async (req) =>
    createChat(req.ctx, req.body),
  );

  app.put('/chats/:id', { schema: { params: IdParam, body: ChatInput, response: { 200: ChatView } }, preHandler: member }, async (req) =>
    updateChat(req.ctx, req.params.id, req.body),
  );

  app.delete('/chats/:id', { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: member }, async (req) => {
    await deleteChat(req.ctx, req.params.id);
    return { message: 'Chat deleted' };
  });

  app.post(
    '/chats/:id/read',
    { schema: { params: IdParam, body: ChatReadInput, response: { 200: ChatView } }, preHandler: member },
    async (req) => markChatRead(req.ctx, req.params.id),
  );

  app.get(
    '/chats/:id/messages',
    { schema: { params: IdParam, querystring: ChatMessagesQuery, response: { 200: ChatMessagePage } }, preHandler: member },
    async (req) => {
      const { chat } = await findChatForMember(req.ctx.db, req.ctx.companyId, req.ctx.actor.id, { id: req.params.id });
      return listChatMessagesPage(req.ctx.db, req.ctx.companyId, chat.id, req.query.pageNumber);
    },
  );

  app.post(
    '/chats/:id/messages',
    { schema: { params: IdParam, body: ChatMessageInput, response: { 200: ChatMessageView } }, preHandler: member },
    async (req) => sendChatMessage(req.ctx, req.params.id, req.body.message),
  );
};
