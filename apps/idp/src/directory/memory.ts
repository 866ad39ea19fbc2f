/**
 * The directory in memory: tests, and `startIdp` when it is given a list of accounts. Same rules as the SQL
 * stores (hashes only, single-use links); the contract tests of directory.test.ts run against every store.
 */
import {
  DirectoryConflict,
  emailKey,
  type AccountDirectory,
  type NewAccount,
  type StoredAccount,
  type TicketKind,
} from './types';
import { dummyHash, hashPassword, linkTokenHash, newLinkToken, verifyPassword } from './passwords';

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
  const byEmail = (email: string) =>
    [...rows.values()].find((row) => emailKey(row.account.email) === emailKey(email));

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
    async list({ page = 0, perPage = 50 } = {}) {
      const all = [...rows.values()]
        .map((row) => row.account)
        .sort((a, b) => emailKey(a.email).localeCompare(emailKey(b.email)));
      return { accounts: all.slice(page * perPage, (page + 1) * perPage), total: all.length };
    },
    async create(input) {
      if (rows.has(input.sub)) throw new DirectoryConflict('sub');
      if (byEmail(input.email)) throw new DirectoryConflict('email');
      const at = now().toISOString();
      const { password, totpSecret, ...profile } = input;
      const account: StoredAccount = {
        ...profile,
        email: emailKey(profile.email),
        state: password ? 'active' : 'invited',
        blocked: false,
        createdAt: at,
        updatedAt: at,
        loginsCount: 0,
        totpEnrolled: !!totpSecret,
      };
      rows.set(input.sub, {
        account,
        ...(password ? { passwordHash: await hashPassword(password) } : {}),
        ...(totpSecret ? { totpSecret } : {}),
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
      row.account = {
        ...row.account,
        ...patch,
        ...(patch.email !== undefined ? { email: emailKey(patch.email) } : {}),
        updatedAt: now().toISOString(),
      };
      return row.account;
    },
    async remove(sub) {
      for (let i = tickets.length - 1; i >= 0; i -= 1) if (tickets[i]?.sub === sub) tickets.splice(i, 1);
      return rows.delete(sub);
    },
    async setPassword(sub, password) {
      const row = rows.get(sub);
      if (!row) return;
      row.passwordHash = await hashPassword(password);
      row.account = { ...row.account, state: 'active', updatedAt: now().toISOString() };
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
    async recordLogin(sub, at) {
      const row = rows.get(sub);
      if (!row) return;
      row.account = { ...row.account, lastLogin: at.toISOString(), loginsCount: row.account.loginsCount + 1 };
    },
    async createTicket(sub, kind, ttlSeconds) {
      for (let i = tickets.length - 1; i >= 0; i -= 1) {
        const t = tickets[i];
        if (t?.sub === sub && t.kind === kind) tickets.splice(i, 1);
      }
      const { token, hash } = newLinkToken();
      const created = now();
      const expiresAt = new Date(created.getTime() + ttlSeconds * 1000).toISOString();
      tickets.push({ sub, kind, hash, createdAt: created.toISOString(), expiresAt });
      return { token, expiresAt };
    },
    async peekTicket(token, kind) {
      const t = tickets.find((row) => row.hash === linkTokenHash(token) && row.kind === kind);
      if (!t || !rows.has(t.sub)) return { problem: 'invalid' };
      if (t.usedAt) return { problem: 'used' };
      if (Date.parse(t.expiresAt) <= now().getTime()) return { problem: 'expired' };
      return { sub: t.sub };
    },
    async redeemTicket(token, kind, password) {
      const t = tickets.find((row) => row.hash === linkTokenHash(token) && row.kind === kind);
      if (!t || !rows.has(t.sub)) return { problem: 'invalid' };
      if (t.usedAt) return { problem: 'used' };
      if (Date.parse(t.expiresAt) <= now().getTime()) return { problem: 'expired' };
      // Marked before the hash is computed (the only await): a second post of the same link finds it used.
      t.usedAt = now().toISOString();
      await directory.setPassword(t.sub, password);
      return { sub: t.sub };
    },
    async ticketInfo(sub, kind) {
      const t = tickets.find((row) => row.sub === sub && row.kind === kind);
      return t ? { createdAt: t.createdAt, expiresAt: t.expiresAt, used: !!t.usedAt } : undefined;
    },
    async close() {},
  };
  for (const account of seed) await directory.create(account);
  return directory;
}
