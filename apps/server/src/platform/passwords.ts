import { hash, verify, type Options } from '@node-rs/argon2';
import { Counter } from 'prom-client';

/** Algorithm.Argon2id: the package exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2 as NonNullable<Options['algorithm']>;

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const OPTIONS: Options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** Each argon2 run costs about 19 MiB and tens of milliseconds: counted so that an operator (and a test) sees who
 *  makes the server hash. Process-wide, like the work it counts; /metrics exposes it. */
export const passwordOperations = new Counter({
  name: 'password_hash_operations_total',
  help: 'argon2 computations, by operation (hash: a new password; verify: a password check)',
  labelNames: ['operation'] as const,
  registers: [],
});

export const hashPassword = (password: string): Promise<string> => {
  passwordOperations.inc({ operation: 'hash' });
  return hash(password, OPTIONS);
};

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  passwordOperations.inc({ operation: 'verify' });
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash of a throwaway password: verifying against it costs what a real check costs, so an unknown email
 *  answers in the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('tutti-timing-equaliser');
  return dummyHash;
}
