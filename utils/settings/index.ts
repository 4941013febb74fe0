import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { AnalysisMode } from '../api/schemas';
import { BYTES_PER_MB, LANG_CODE } from '../bounds';
import { checkServiceUrl } from './service-url';

export { originPattern } from './service-url';

/** Production talks to the real service; test and demo builds name the local one. */
export const DEFAULT_SERVICE_URL: string = import.meta.env.WXT_SERVICE_URL || 'https://www.youtube-transcript.io';

/** An address the token may be sent to (https; loopback http in test builds only), normalised. */
export const ServiceUrl = z.string().transform((text, ctx) => {
  const checked = checkServiceUrl(text, DEFAULT_SERVICE_URL);
  if (checked.ok) return checked.url;
  ctx.addIssue({ code: 'custom', message: checked.error });
  return z.NEVER;
});

/** Bounds of the numeric settings: the schema, the options page's fields and its sentences all read these. */
export const BOUNDS = {
  spendingGuard: { min: 0, max: 1_000_000 },
  cacheBudgetMb: { min: 5, max: 1000 },
  autoLoadFloor: { min: 0, max: 100_000 },
} as const;

const bounded = (b: { min: number; max: number }) => z.number().int().min(b.min).max(b.max);

/** The stored `language` meaning "the interface language" (the default, until the person picks one). */
export const INTERFACE_LANGUAGE = 'interface';

export const Settings = z.object({
  serviceUrl: ServiceUrl,
  /** The preferred transcript language (`lang`), or INTERFACE_LANGUAGE: the interface's, resolved per request. */
  language: z.union([z.literal(INTERFACE_LANGUAGE), z.string().regex(LANG_CODE)]),
  defaultMode: AnalysisMode,
  /** Ask before spending more than this many AI Units at once. */
  spendingGuard: bounded(BOUNDS.spendingGuard),
  cacheBudgetMb: bounded(BOUNDS.cacheBudgetMb),
  /** Load the transcript of the video in the visible, focused tab without a click (off by default). */
  autoLoadTranscripts: z.boolean(),
  /** Automatic loads stop while the Cloud Request balance is at or below this. */
  autoLoadFloor: bounded(BOUNDS.autoLoadFloor),
});
export type Settings = z.infer<typeof Settings>;

/** The cache budget in bytes, as the cache counts it. */
export const cacheBudgetBytes = (cacheBudgetMb: number): number => cacheBudgetMb * BYTES_PER_MB;

export const DEFAULT_SETTINGS: Settings = {
  serviceUrl: DEFAULT_SERVICE_URL,
  language: INTERFACE_LANGUAGE,
  defaultMode: 'smart',
  spendingGuard: 50,
  cacheBudgetMb: 50,
  autoLoadTranscripts: false,
  autoLoadFloor: 10,
};

/** A partial update of the settings, as the options page sends it; unknown fields are refused. */
export const SettingsPatch = Settings.partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatch>;

export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

/** Reads the settings; anything missing or malformed falls back to its default, field by field. */
export async function readSettings(): Promise<Settings> {
  const raw: unknown = await settingsItem.getValue();
  const merged = { ...DEFAULT_SETTINGS, ...(typeof raw === 'object' && raw ? raw : {}) };
  const parsed = Settings.safeParse(merged);
  if (parsed.success) return parsed.data;
  const clean: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    const field = Settings.shape[key].safeParse((merged as Record<string, unknown>)[key]);
    if (field.success) clean[key] = field.data;
  }
  return Settings.parse(clean);
}

export async function writeSettings(patch: SettingsPatch): Promise<Settings> {
  const next = Settings.parse({ ...(await readSettings()), ...patch });
  await settingsItem.setValue(next);
  return next;
}
