import {
  ConfirmationView,
  IdParam,
  ProfileImageResult,
  UserCreateInput,
  UserListItem,
  UserListQuery,
  UserPage,
  UserUpdateInput,
  UserView,
} from '@chatflow/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../http/guards';
import { createUser } from './commands/create-user';
import { deleteUser } from './commands/delete-user';
import { setProfileImage } from './commands/set-profile-image';
import { updateUser } from './commands/update-user';
import { requireSelfOrAdmin } from './policy';
import { readProfileImageUpload } from './profile-image';
import { findUserView, listUsersForPickers, listUsersPage } from './queries';

/** Users administration (spec 2 "Users", §7 Users). The company is always the caller's. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users',
    {
      schema: { querystring: UserListQuery, response: { 200: UserPage } },
      preHandler: [app.authenticate, requireAdmin],
    },
    async (req) => listUsersPage(req.ctx.db, req.ctx.companyId, req.query),
  );

  // Pickers (transfer, filters) need the company's agents, so any signed-in user may list them.
  app.get('/users/list', { schema: { response: { 200: z.array(UserListItem) } }, preHandler: app.authenticate }, async (req) =>
    listUsersForPickers(req.ctx.db, req.ctx.companyId),
  );

  app.get(
    '/users/:id',
    {
      schema: { params: IdParam, response: { 200: UserView } },
      preHandler: [app.authenticate, requireSelfOrAdmin],
    },
    async (req) => findUserView(req.ctx.db, req.ctx.companyId, req.params.id),
  );

  app.post(
    '/users',
    {
      schema: { body: UserCreateInput, response: { 200: UserView } },
      preHandler: [app.authenticate, requireAdmin],
    },
    async (req) => createUser(req.ctx, req.body),
  );

  app.put(
    '/users/:id',
    {
      schema: { params: IdParam, body: UserUpdateInput, response: { 200: UserView } },
      preHandler: [app.authenticate, requireSelfOrAdmin],
    },
    async (req) => updateUser(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/users/:id',
    {
      schema: { params: IdParam, response: { 200: ConfirmationView } },
      preHandler: [app.authenticate, requireAdmin],
    },
    async (req) => {
      await deleteUser(req.ctx, req.params.id);
      return { message: 'User deleted' };
    },
  );

  app.post(
    '/users/:id/media-upload',
    {
      schema: { params: IdParam, response: { 200: ProfileImageResult } },
      preHandler: [app.authenticate, requireSelfOrAdmin],
    },
    async (req) => ({ user: await setProfileImage(req.ctx, req.params.id, await readProfileImageUpload(req, req.params.id)) }),
  );
};
