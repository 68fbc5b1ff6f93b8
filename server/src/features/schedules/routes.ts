import {
  ConfirmationView,
  IdParam,
  ScheduleInput,
  ScheduleListQuery,
  ScheduledMessagePage,
  ScheduleUpdateInput,
  ScheduledMessageView,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireActiveSubscription, requirePlan } from '../../http/guards';
import { attachScheduleMedia, detachScheduleMedia, readScheduleUpload } from './commands/schedule-media';
import { createSchedule, deleteSchedule, updateSchedule } from './commands/save-schedule';
import { findManagedSchedule, listSchedulesPage, scheduleView } from './queries';

/**
 * Scheduled messages (spec 3 "Schedules calendar", §7 "Schedules"), behind the plan switch
 * useSchedules. Admins manage the company's schedules, a "user" profile its own (policy.ts).
 */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const gate = [app.authenticate, requireActiveSubscription, requirePlan('useSchedules')];

  app.get(
    '/schedules',
    { schema: { querystring: ScheduleListQuery, response: { 200: ScheduledMessagePage } }, preHandler: gate },
    async (req) => listSchedulesPage(req.ctx.db, req.ctx.companyId, req.ctx.actor, req.query),
  );

  app.get('/schedules/:id', { schema: { params: IdParam, response: { 200: ScheduledMessageView } }, preHandler: gate }, async (req) => {
    await findManagedSchedule(req.ctx.db, req.ctx.companyId, req.ctx.actor, req.params.id);
    return scheduleView(req.ctx.db, req.ctx.companyId, req.params.id);
  });

  app.post('/schedules', { schema: { body: ScheduleInput, response: { 200: ScheduledMessageView } }, preHandler: gate }, async (req) =>
    createSchedule(req.ctx, req.body),
  );

  app.put(
    '/schedules/:id',
    { schema: { params: IdParam, body: ScheduleUpdateInput, response: { 200: ScheduledMessageView } }, preHandler: gate },
    async (req) => updateSchedule(req.ctx, req.params.id, req.body),
  );

  app.delete('/schedules/:id', { schema: { params: IdParam, response: { 200: ConfirmationView } }, preHandler: gate }, async (req) => {
    await deleteSchedule(req.ctx, req.params.id);
    return { message: 'Schedule deleted' };
  });

  app.post(
    '/schedules/:id/media-upload',
    { schema: { params: IdParam, response: { 200: ScheduledMessageView } }, preHandler: gate },
    async (req) => attachScheduleMedia(req.ctx, req.params.id, await readScheduleUpload(req)),
  );

  app.delete(
    '/schedules/:id/media-upload',
    { schema: { params: IdParam, response: { 200: ScheduledMessageView } }, preHandler: gate },
    async (req) => detachScheduleMedia(req.ctx, req.params.id),
  );
};
