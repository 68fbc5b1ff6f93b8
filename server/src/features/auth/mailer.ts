import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

/**
 * Sends the password-reset code through SMTP when SMTP_HOST is set. Without SMTP the code is written
 * to the server log, so the flow can be completed locally (and by the E2E tests).
 */
export async function sendResetCode(config: Config, log: FastifyBaseLogger, to: string, code: string): Promise<void> {
  if (!config.smtp) {
    log.warn({ passwordResetFor: to, code }, `password reset code for ${to}: ${code}`);
    return;
  }
  const nodemailer = (await import('nodemailer')).default; // loaded only when a mail is sent
  const transport = nodemailer.createTransport({
    host: config.smtp.host,
    port: config.smtp.port,
    secure: config.smtp.secure,
    auth: config.smtp.user ? { user: config.smtp.user, pass: config.smtp.pass } : undefined,
  });
  await transport.sendMail({
    from: config.smtp.from,
    to,
    subject: 'Código de verificação / Verification code',
    text: `Seu código de verificação é ${code}. Ele expira em 30 minutos.\n\nYour verification code is ${code}. It expires in 30 minutes.`,
  });
}
