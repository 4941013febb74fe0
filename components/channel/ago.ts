import { t } from '../../utils/i18n/catalogue';

/** "just now", "5 minutes ago", "3 hours ago" (up to 47), "2 days ago": when a listing was made, by locale. */
export function ago(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return t('channel.ago.now');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('channel.ago.minutes', { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('channel.ago.hours', { n: hours });
  return t('channel.ago.days', { n: Math.floor(hours / 24) });
}
