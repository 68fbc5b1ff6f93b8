import type { RequestContext } from '../../../http/context';
import type { CertificateUpload } from '../certificate-file';
import { saveCertificate } from '../certificates';

/** Installs the certificate for its destination, replacing the previous one (spec 2 §7 cert-upload). */
export async function uploadCertificate(ctx: RequestContext, upload: CertificateUpload): Promise<{ mensagem: string }> {
  await saveCertificate(ctx.db, upload.destination, upload.fileName, upload.data);
  return { mensagem: 'Arquivo Anexado' };
}
