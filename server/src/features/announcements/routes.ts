import {
  AnnouncementInput,
  AnnouncementListQuery,
  AnnouncementPage,
  AnnouncementView,
  ConfirmationView,
  IdParam,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActor } from '../../http/guards';
import { attachAnnouncementMedia, detachAnnouncementMedia } from './commands/announcement-media';
import { createAnnouncement, deleteAnnouncement, updateAnnouncement } from './commands/save-announcement';
import { readAnnouncementUpload } from './media-file';
import { canManageAnnouncements } from './policy';
import { presentAnnouncement } from './presenter';
import { findAnnouncement, listAnnouncementsPage } from './queries';

/**
 * Announcements (spec 3 "Announcements", §7). Every user reads the active ones (the top bar's popover);
 * the super company alone writes them and sees the inactive ones too.
 */
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const superOnly = [app.authenticate, requireActor(canManageAnnouncements)];

  app.get(
    '/announcements',
    { schema: { querystring: AnnouncementListQuery, response: { 200: AnnouncementPage } }, preHandler: app.authenticate },
    async (req) => listAnnouncementsPage(req.ctx.db, req.ctx.actor, req.query),
  );

  app.get(
    '/announcements/:id',
    { schema: { params: IdParam, response: { 200: AnnouncementView } }, preHandler: app.authenticate },
    async (req) => presentAnnouncement(await findAnnouncement(req.ctx.db, req.ctx.actor, req.params.id)),
  );

  app.post(
    '/announcements',
    { schema: { body: AnnouncementInput, response: { 200: AnnouncementView } }, preHandler: superOnly },
    async (req) => createAnnouncement(req.ctx, req.body),
  );

  app.put(
    '/announcements/:id',
    { schema: { params: IdParam, body: AnnouncementInput, response: { 200: AnnouncementView } }, preHandler: superOnly },
    async (req) => updateAnnouncement(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/announcements/:id',
    { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: superOnly },
    async (req) => {
      await deleteAnnouncement(req.ctx, req.params.id);
      return { message: 'Announcement deleted' };
    },
  );

  app.post(
    '/announcements/:id/media-upload',
    { schema: { params: IdParam, response: { 200: AnnouncementView } }, preHandler: superOnly },
    async (req) => attachAnnouncementMedia(req.ctx, req.params.id, await readAnnouncementUpload(req)),
  );

  app.delete(
    '/announcements/:id/media-upload',
    { schema: { params: IdParam, response: { 200: AnnouncementView } }, preHandler: superOnly },
    async (req) => detachAnnouncementMedia(req.ctx, req.params.id),
  );
};
