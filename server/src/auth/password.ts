// Password hashing below the features: login, sign-up, users, companies and the first-start seed share it.
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (ARCHITECTURE "Security"). */
export const hashPassword = (plain: string) => hash(plain);

export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false; // a malformed hash never logs anyone in
  }
}
