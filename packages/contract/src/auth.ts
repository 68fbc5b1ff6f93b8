import { z } from 'zod';
import { boundedString, coercedId, email, password, requiredString } from './fields';

export const LoginInput = z.object({
  email: email(),
  password: z.string({ message: 'validation.required' }).min(1, { message: 'validation.required' }).max(200),
  /** "Lembrar de mim": when false the refresh cookie lives only for the browser session. */
  remember: z.boolean().optional().default(true),
});
export type LoginInput = z.input<typeof LoginInput>;

/** Signup (spec 1 §5): name 2-50, companyName 2-50, password 5-50, email, phone required. */
export const SignupInput = z.object({
  companyName: boundedString(2, 50),
  name: boundedString(2, 50),
  email: email(),
  password: password(),
  phone: requiredString().pipe(z.string().max(30, { message: 'validation.tooLong' })),
  planId: coercedId('validation.required'),
  /** Carried from the ?companyId query of the signup link; recorded as the referring company. */
  companyId: coercedId().nullable().optional(),
  /** The signup screen's language: a company signed up in Spanish reports in America/Monterrey (spec 1 §9). */
  language: z.string().max(10).optional(),
});
export type SignupInput = z.input<typeof SignupInput>;

/** Step 2 of the password reset: at least 8 characters, one uppercase, one lowercase, one digit. */
export const strongPassword = () =>
  z
    .string({ message: 'validation.required' })
    .min(1, { message: 'validation.required' })
    .max(100, { message: 'validation.tooLong' })
    .regex(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/, { message: 'validation.passwordStrength' });

export const ResetPasswordForm = z
  .object({
    email: email(),
    token: requiredString(),
    newPassword: strongPassword(),
    confirmPassword: z.string({ message: 'validation.required' }).min(1, { message: 'validation.required' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'validation.passwordsDontMatch',
    path: ['confirmPassword'],
  });

export const ForgotPasswordForm = z.object({ email: email() });

export const ResetPasswordParams = z.object({
  email: email(),
  token: z.string().min(1).max(20),
  newPassword: strongPassword(),
});

/** Code lengths and lifetimes of the password reset. */
export const RESET_CODE_LENGTH = 6;
export const RESET_CODE_TTL_MINUTES = 30;
