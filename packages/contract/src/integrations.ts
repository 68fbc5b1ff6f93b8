import { z } from 'zod';
import { coercedId, fromText, PageQuery } from './fields';

/** Queue integrations (spec 3 §3 "Queue integration", "Typebot integration fields"). */
export const QUEUE_INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder'] as const;
export type QueueIntegrationType = (typeof QUEUE_INTEGRATION_TYPES)[number];
export const QUEUE_INTEGRATION_LANGUAGES = ['pt-BR', 'en', 'es'] as const;
export const QUEUE_INTEGRATIONS_PAGE_SIZE = 20;

/** Spec 3 §9: Typebot defaults (delay between messages in ms, session expiry in minutes). */
export const TYPEBOT_DEFAULTS = { typebotDelayMessage: 1000, typebotExpires: 1 } as const;

/** The types whose `urlN8N` is required (spec 3 §5 "Queue integration dialog"). */
export const INTEGRATION_TYPES_WITH_URL: readonly QueueIntegrationType[] = ['n8n', 'webhook', 'typebot'];

const optionalText = (max: number) => z.string().trim().max(max, { message: 'validation.tooLong' }).optional().default('');
const bounded = (max: number, fallback: number) =>
  fromText(
    z
      .number({ message: 'validation.number' })
      .int({ message: 'validation.number' })
      .min(0, { message: 'validation.number' })
      .max(max, { message: 'validation.tooLong' }),
  )
    .optional()
    .default(fallback);

/** An http(s) address, or empty. Other schemes (file:, javascript:) are refused. */
const httpUrl = z
  .string()
  .trim()
  .max(2000, { message: 'validation.tooLong' })
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { message: 'validation.invalid' })
  .optional()
  .default('');

const fields = {
  type: z.enum(QUEUE_INTEGRATION_TYPES, { message: 'validation.required' }),
  // One message per state (required, too short), without aborting: the type's own rules still run, so
  // the dialog shows every missing field at once.
  name: z
    .string({ message: 'validation.required' })
    .trim()
    .max(50, { message: 'validation.tooLong' })
    .superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: 'validation.required' });
      else if (v.length < 2) ctx.addIssue({ code: 'custom', message: 'validation.tooShort' });
    }),
  projectName: optionalText(200),
  /** Dialogflow: the Google service account key (JSON text). */
  jsonContent: optionalText(20000),
  language: z.enum(QUEUE_INTEGRATION_LANGUAGES, { message: 'validation.invalid' }).optional().default('pt-BR'),
  urlN8N: httpUrl,
  typebotSlug: optionalText(200),
  typebotDelayMessage: bounded(60_000, TYPEBOT_DEFAULTS.typebotDelayMessage),
  typebotExpires: bounded(10_080, TYPEBOT_DEFAULTS.typebotExpires),
  typebotKeywordFinish: optionalText(100),
  typebotKeywordRestart: optionalText(100),
  typebotRestartMessage: optionalText(2000),
  typebotUnknownMessage: optionalText(2000),
};

type IntegrationShape = {
  type?: QueueIntegrationType;
  urlN8N?: string;
  typebotSlug?: string;
  projectName?: string;
  jsonContent?: string;
};

/**
 * Per type: url for n8n, webhook and typebot; the slug for typebot; project and key for dialogflow.
 * The key is write-only: on an edit (`keyStored`) an empty one keeps the stored key, so it is not required.
 */
export function integrationTypeRule(v: IntegrationShape, ctx: z.RefinementCtx, opts: { keyStored?: boolean } = {}) {
  if (!v.type) return;
  const need = (field: keyof IntegrationShape) => {
    if (!String(v[field] ?? '').trim()) ctx.addIssue({ code: 'custom', path: [field], message: 'validation.required' });
  };
  if (INTEGRATION_TYPES_WITH_URL.includes(v.type)) need('urlN8N');
  if (v.type === 'typebot') need('typebotSlug');
  if (v.type === 'dialogflow') {
    need('projectName');
    if (!opts.keyStored) need('jsonContent');
    // The rule also runs on an object whose other fields failed: read the fields as text, never assume them.
    const key = typeof v.jsonContent === 'string' ? v.jsonContent.trim() : '';
    if (key && !isServiceAccountJson(key)) ctx.addIssue({ code: 'custom', path: ['jsonContent'], message: 'validation.invalid' });
  }
}

/** A Google service account key: JSON with client_email and private_key. */
export function isServiceAccountJson(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    return typeof parsed.client_email === 'string' && typeof parsed.private_key === 'string';
  } catch {
    return false;
  }
}

/** Runs the type's rules even when another field failed (an object refinement otherwise waits for a clean object). */
const always = { when: (p: { value: unknown }) => typeof p.value === 'object' && p.value !== null };

/** POST /queueIntegration. */
export const QueueIntegrationInput = z.object(fields).superRefine(integrationTypeRule, always);
export type QueueIntegrationInput = z.input<typeof QueueIntegrationInput>;
export type QueueIntegrationData = z.output<typeof QueueIntegrationInput>;

/**
 * PUT /queueIntegration/{id}: the whole record, as the dialog sends it, except the Dialogflow key, which
 * the dialog never receives back: empty keeps the stored one (the server still requires one to exist).
 */
export const QueueIntegrationUpdateInput = z
  .object(fields)
  .superRefine((v, ctx) => integrationTypeRule(v, ctx, { keyStored: true }), always);

export const QueueIntegrationQuery = PageQuery;

/**
 * POST /queueIntegration/testSession: one detectIntent call with the dialog's Dialogflow fields. Editing
 * a stored integration, the dialog sends its `id` and no key: the stored key is used.
 */
export const QueueIntegrationTestSession = z
  .object({
    id: coercedId('validation.invalid').optional(),
    projectName: fields.projectName,
    jsonContent: fields.jsonContent,
    language: fields.language,
  })
  .superRefine((v, ctx) => integrationTypeRule({ ...v, type: 'dialogflow' }, ctx, { keyStored: v.id !== undefined }), always);
export type QueueIntegrationTestSession = z.output<typeof QueueIntegrationTestSession>;
