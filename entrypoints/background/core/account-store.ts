import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import type { BalancesSeen } from '../../../utils/api/client';
import { Plan } from '../../../utils/api/schemas';
import { createSerial } from '../../../utils/serial';

const AccountRecord = z.object({
  plan: Plan.nullable(),
  cloudRequests: z.number().nullable(),
  aiUnits: z.number().nullable(),
  /** The purchased AI top-up, when the account tool reported it (Free transcribes audio only with one). */
  aiTopUp: z.number().nullable().default(null),
  balancesAt: z.number().nullable(),
  monthlyCloudRequests: z.number().nullable(),
  monthlyAiUnits: z.number().nullable(),
  planNote: z.string().nullable(),
  planCheckedAt: z.number().nullable(),
  /** The longest analysable video for this plan, learned from a 422 (the spec does not publish it). */
  maxMinutes: z.number().nullable(),
});
export type AccountRecord = z.infer<typeof AccountRecord>;

const EMPTY: AccountRecord = {
  plan: null,
  cloudRequests: null,
  aiUnits: null,
  aiTopUp: null,
  balancesAt: null,
  monthlyCloudRequests: null,
  monthlyAiUnits: null,
  planNote: null,
  planCheckedAt: null,
  maxMinutes: null,
};

const item = storage.defineItem<AccountRecord>('local:account', { fallback: EMPTY, version: 1 });

// Writes are read-modify-write on one item: one at a time.
const serial = createSerial();

/** What the extension knows of the account: plan (MCP `account`), balances (any response), limits learned. */
export const accountStore = {
  async get(): Promise<AccountRecord> {
    const parsed = AccountRecord.safeParse(await item.getValue());
    return parsed.success ? parsed.data : EMPTY;
  },
  /**
   * The record once the writes already asked for have landed: a response's balances are recorded without
   * waiting (utils/api/client.ts onBalances), so whoever needs what that response reported reads it here.
   */
  settled(): Promise<AccountRecord> {
    return serial(() => accountStore.get());
  },
  update(patch: Partial<AccountRecord>): Promise<AccountRecord> {
    return serial(async () => {
      const next = { ...(await accountStore.get()), ...patch };
      await item.setValue(next);
      return next;
    });
  },
  recordBalances(seen: BalancesSeen): Promise<AccountRecord> {
    return accountStore.update({
      ...(seen.cloudRequests !== undefined && { cloudRequests: seen.cloudRequests }),
      ...(seen.aiUnits !== undefined && { aiUnits: seen.aiUnits }),
      balancesAt: Date.now(),
    });
  },
  /** A new token is another account: forget what we knew. */
  reset(): Promise<void> {
    return serial(() => item.setValue(EMPTY));
  },
};
