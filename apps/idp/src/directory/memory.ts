/**
 * The directory in memory: tests, and `startIdp` when it is given a list of accounts. Same rules as the SQL
 * stores (hashes only, single-use links); the contract tests of directory.test.ts run against every store.
 */
import {
  DirectoryConflict,
  DirectoryNotFound,
  applyPatch,
  compareCodeUnits,
  emailKey,
  mergeAppMetadata,
  pageWindow,
  ticketLifetimeMs,
  type AccountDirectory,
  counterAdvances,
  type NewAccount,
  type Passkey,
  type StoredAccount,
  type TicketKind,
  newStoredAccount,
} from './types';
import { dummyHash, hashPassword, linkTokenHash, newLinkToken, verifyPassword } from './passwords';
import { deviceTokenHash, randomHashKey, recoveryCodeHash } from './secretHashes';

type Row = {
  account: StoredAccount;
  passwordHash?: string;
  totpSecret?: string;
};
type TicketRow = {
  sub: string;
  kind: TicketKind;
  hash: string;
  createdAt: string;
  expiresAt: string;
  usedAt?: string;
};

export type MemoryDirectoryOptions = { now?: () => Date };

export async function createMemoryDirectory(
  seed: readonly NewAccount[] = [],
  options: MemoryDirectoryOptions = {},
): Promise<AccountDirectory> {
  const now = options.now ?? (() => new Date());
  const rows = new Map<string, Row>();
  const tickets: TicketRow[] = [];
  const hashKey = randomHashKey();
  /** sub -> unused recovery code hashes (a used one is deleted: nothing more is asked of it). */
  const recoveryCodes = new Map<string, Set<string>>();
  /** sub -> device token hashes. */
  const devices = new Map<string, Set<string>>();
  const passkeys: Passkey[] = [];
  const byEmail = (email: string) =>
    [...rows.values()].find((row) => emailKey(row.account.email) === emailKey(email));
  const findTicket = (token: string, kind: TicketKind) => {
    const hash = linkTokenHash(token);
    return tickets.find((row) => row.hash === hash && row.kind === kind);
  };
  const ticketProblem = (t: TicketRow | undefined) => {
    if (!t || !rows.has(t.sub)) return 'invalid' as const;
    if (t.usedAt) return 'used' as const;
    if (Date.parse(t.expiresAt) <= now().getTime()) return 'expired' as const;
    return undefined;
  };

  const directory: AccountDirectory = {
    async authenticate(email, password) {
      const row = byEmail(email);
      const stored = row?.passwordHash;
      const good = await verifyPassword(stored ?? (await dummyHash()), password);
      if (!row || !stored || !good) return { ok: false, reason: 'invalid' };
      if (row.account.blocked) return { ok: false, reason: 'blocked' };
      return { ok: true, account: row.account };
    },
    async find(sub) {
      return rows.get(sub)?.account;
    },
    async findByEmail(email) {
      return byEmail(email)?.account;
    },
    async list(options) {
      const { offset, limit } = pageWindow(options);
      const all = [...rows.values()]
        .map((row) => row.account)
        .sort((a, b) => compareCodeUnits(a.email, b.email));
      return { accounts: all.slice(offset, offset + limit), total: all.length };
    },
    async create(input) {
      if (rows.has(input.sub)) throw new DirectoryConflict('sub');
      if (byEmail(input.email)) throw new DirectoryConflict('email');
      const appMetadata = mergeAppMetadata({}, input.appMetadata ?? {});
      // Hashed before anything is stored: nothing half-created when hashing fails.
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      // Checked again: another create may have taken the subject or e-mail while the hash was computed.
      if (rows.has(input.sub)) throw new DirectoryConflict('sub');
      if (byEmail(input.email)) throw new DirectoryConflict('email');
      const account = newStoredAccount(input, { appMetadata, passwordHash, at: now().toISOString() });
      rows.set(input.sub, {
        account,
        ...(passwordHash ? { passwordHash } : {}),
        ...(input.totpSecret ? { totpSecret: input.totpSecret } : {}),
      });
      return account;
    },
    async update(sub, patch) {
      const row = rows.get(sub);
      if (!row) return undefined;
      if (patch.email !== undefined) {
        const other = byEmail(patch.email);
        if (other && other.account.sub !== sub) throw new DirectoryConflict('email');
      }
      row.account = applyPatch(row.account, patch, now());
      return row.account;
    },
    async remove(sub) {
      for (let i = tickets.length - 1; i >= 0; i -= 1) if (tickets[i]?.sub === sub) tickets.splice(i, 1);
      recoveryCodes.delete(sub);
      devices.delete(sub);
      await directory.removePasskeys(sub);
      return rows.delete(sub);
    },
    async setPassword(sub, password) {
      if (!rows.has(sub)) return;
      const passwordHash = await hashPassword(password);
      const row = rows.get(sub);
      if (!row) return;
      const at = now().toISOString();
      row.passwordHash = passwordHash;
      row.account = { ...row.account, state: 'active', passwordSetAt: at, updatedAt: at };
    },
    async totpSecret(sub) {
      return rows.get(sub)?.totpSecret;
    },
    async setTotpSecret(sub, secret) {
      const row = rows.get(sub);
      if (!row) return;
      if (secret) row.totpSecret = secret;
      else delete row.totpSecret;
      row.account = { ...row.account, totpEnrolled: !!secret, updatedAt: now().toISOString() };
    },
    async passkeys(sub) {
      // Oldest first, then by ID: the SQL stores' order.
      return passkeys
        .filter((p) => p.sub === sub)
        .sort((a, b) => compareCodeUnits(a.createdAt, b.createdAt) || compareCodeUnits(a.id, b.id))
        .map((p) => ({ ...p, transports: [...p.transports] }));
    },
    async addPasskey(sub, input) {
      if (!rows.has(sub)) throw new DirectoryNotFound();
      if (passkeys.some((p) => p.id === input.id)) throw new DirectoryConflict('passkey');
      const passkey: Passkey = {
        id: input.id,
        sub,
        publicKey: input.publicKey,
        counter: input.counter,
        transports: [...input.transports],
        name: input.name,
        createdAt: now().toISOString(),
      };
      passkeys.push(passkey);
      return { ...passkey, transports: [...passkey.transports] };
    },
    async usePasskey(sub, id, counter, at) {
      const index = passkeys.findIndex((p) => p.id === id && p.sub === sub);
      const stored = passkeys[index];
      if (!stored || !counterAdvances(stored.counter, counter)) return false;
      passkeys[index] = { ...stored, counter, lastUsedAt: at.toISOString() };
      return true;
    },
    async removePasskeys(sub, ids) {
      let removed = 0;
      for (let i = passkeys.length - 1; i >= 0; i -= 1) {
        const passkey = passkeys[i];
        if (passkey?.sub === sub && (!ids || ids.includes(passkey.id))) {
          passkeys.splice(i, 1);
          removed += 1;
        }
      }
      return removed;
    },
    async recordLogin(sub, at) {
      const row = rows.get(sub);
      if (!row) return;
      row.account = { ...row.account, lastLogin: at.toISOString(), loginsCount: row.account.loginsCount + 1 };
    },
    async createTicket(sub, kind, ttlSeconds) {
      const lifetime = ticketLifetimeMs(ttlSeconds);
      if (!rows.has(sub)) throw new DirectoryNotFound();
      for (let i = tickets.length - 1; i >= 0; i -= 1) {
        const t = tickets[i];
        if (t?.sub === sub && t.kind === kind) tickets.splice(i, 1);
      }
      const { token, hash } = newLinkToken();
      const created = now();
      const expiresAt = new Date(created.getTime() + lifetime).toISOString();
      tickets.push({ sub, kind, hash, createdAt: created.toISOString(), expiresAt });
      return { token, expiresAt };
    },
    async peekTicket(token, kind) {
      const t = findTicket(token, kind);
      const problem = ticketProblem(t);
      return problem || !t ? { problem: problem ?? 'invalid' } : { sub: t.sub };
    },
    async redeemTicket(token, kind, password) {
      const first = findTicket(token, kind);
      const before = ticketProblem(first);
      if (before || !first) return { problem: before ?? 'invalid' };
      const passwordHash = await hashPassword(password);
      // Checked and marked again after the hash (the only await), with nothing awaited in between: of two posts
      // of the same link, the second finds it used (or replaced, or its account gone).
      const t = findTicket(token, kind);
      const problem = ticketProblem(t);
      const row = t && rows.get(t.sub);
      if (problem || !t || !row) return { problem: problem ?? 'invalid' };
      const at = now().toISOString();
      t.usedAt = at;
      row.passwordHash = passwordHash;
      row.account = { ...row.account, state: 'active', passwordSetAt: at, updatedAt: at };
      return { sub: t.sub };
    },
    async ticketInfo(sub, kind) {
      const t = tickets.find((row) => row.sub === sub && row.kind === kind);
      return t ? { createdAt: t.createdAt, expiresAt: t.expiresAt, used: !!t.usedAt } : undefined;
    },
    async setRecoveryCodes(sub, codes) {
      if (!rows.has(sub) || !codes.length) {
        recoveryCodes.delete(sub);
        return;
      }
      recoveryCodes.set(sub, new Set(codes.map((code) => recoveryCodeHash(hashKey, sub, code))));
    },
    async useRecoveryCode(sub, code) {
      const unused = recoveryCodes.get(sub);
      if (!unused?.delete(recoveryCodeHash(hashKey, sub, code))) return { used: false };
      return { used: true, remaining: unused.size };
    },
    async recoveryCodesLeft(sub) {
      return recoveryCodes.get(sub)?.size ?? 0;
    },
    async rememberDevice(sub, deviceToken) {
      if (!rows.has(sub)) return 'known';
      const known = devices.get(sub) ?? new Set<string>();
      devices.set(sub, known);
      const hash = deviceTokenHash(hashKey, sub, deviceToken);
      if (known.has(hash)) return 'known';
      known.add(hash);
      return 'new';
    },
    async close() {},
  };
  for (const account of seed) await directory.create(account);
  return directory;
}
