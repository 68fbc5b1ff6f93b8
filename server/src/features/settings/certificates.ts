import type { CertificateDestination, CertificateView } from '@chatflow/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentCertificates } from '../../db/schema';

/** Stores (or replaces) the destination's certificate. */
export async function saveCertificate(db: DbOrTx, destination: CertificateDestination, fileName: string, data: Buffer): Promise<void> {
  const contentBase64 = data.toString('base64');
  await db
    .insert(paymentCertificates)
    .values({ destination, fileName, contentBase64 })
    .onConflictDoUpdate({ target: paymentCertificates.destination, set: { fileName, contentBase64, updatedAt: new Date() } });
}

/** The certificate's bytes for a provider's mutual TLS, or null when none was uploaded. Server-side only. */
export async function readCertificate(db: DbOrTx, destination: CertificateDestination): Promise<Buffer | null> {
  const [row] = await db
    .select({ content: paymentCertificates.contentBase64 })
    .from(paymentCertificates)
    .where(eq(paymentCertificates.destination, destination));
  return row ? Buffer.from(row.content, 'base64') : null;
}

/** What is installed, for the certificate tab: names and dates, never the content. */
export async function listCertificates(db: DbOrTx): Promise<CertificateView[]> {
  const rows = await db
    .select({ destination: paymentCertificates.destination, fileName: paymentCertificates.fileName, at: paymentCertificates.updatedAt })
    .from(paymentCertificates)
    .orderBy(paymentCertificates.destination);
  return rows.map((r) => ({ destination: r.destination, fileName: r.fileName, uploadedAt: r.at.toISOString() }));
}
