import { createSecureContext } from 'node:tls';
import { CERTIFICATE_DESTINATIONS, CERTIFICATE_MAX_BYTES, type CertificateDestination } from '@chatflow/contract';
import type { FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { readUpload } from '../../media';

export interface CertificateUpload {
  destination: CertificateDestination;
  fileName: string;
  data: Buffer;
}

const refused = (field: string, message: string) => new ZodError([{ code: 'custom', path: [field], message, input: null }]);

/**
 * A PKCS#12 the providers can use as it is: Efí's certificates carry no passphrase, and node's TLS
 * must load it for mutual TLS, so loading it here is the check (a renamed PEM or a protected .p12
 * would otherwise be accepted and fail at the first charge).
 */
function isUsableP12(data: Buffer): boolean {
  try {
    createSecureContext({ pfx: data, passphrase: '' });
    return true;
  } catch {
    return false;
  }
}

/**
 * The multipart form of POST /settings/cert-upload?ref={destination} with its spec 2 §5 messages, in
 * the screen's order: a file ('Escolha um arquivo!'), a destination ('Escolha um destino!'), and a .p12
 * ('Use somente arquivos em formato p12!': by the name, and by the content actually loading).
 */
export async function readCertificateUpload(req: FastifyRequest, ref: string | undefined): Promise<CertificateUpload> {
  const form = await readUpload(req, { maxBytes: CERTIFICATE_MAX_BYTES, fileFields: ['file'] });
  const file = form.files[0];
  if (!file || file.data.length === 0) throw refused('file', 'validation.certificateFile');
  const destination = CERTIFICATE_DESTINATIONS.find((d) => d === ref?.trim());
  if (!destination) throw refused('ref', 'validation.certificateDestination');
  if (!file.sentName.toLowerCase().endsWith('.p12') || !isUsableP12(file.data)) throw refused('file', 'validation.certificateP12');
  return { destination, fileName: file.fileName, data: file.data };
}
