// About 100 named time zones (spec section 9), covering every UTC offset in use, ordered by
// their offset now. The learner's own zone is added when it is not among them.
export const TIME_ZONES: readonly string[] = [
  'Pacific/Midway',
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Tijuana',
  'America/Phoenix',
  'America/Denver',
  'America/Edmonton',
  'America/Chicago',
  'America/Mexico_City',
  'America/Winnipeg',
  'America/Guatemala',
  'America/Costa_Rica',
  'America/New_York',
  'America/Toronto',
  'America/Bogota',
  'America/Lima',
  'America/Panama',
  'America/Havana',
  'America/Caracas',
  'America/Halifax',
  'America/La_Paz',
  'America/Santiago',
  'America/Puerto_Rico',
  'America/St_Johns',
  'America/Sao_Paulo',
  'America/Argentina/Buenos_Aires',
  'America/Montevideo',
  'America/Nuuk',
  'Atlantic/South_Georgia',
  'Atlantic/Azores',
  'Atlantic/Cape_Verde',
  'UTC',
  'Europe/London',
  'Europe/Dublin',
  'Europe/Lisbon',
  'Africa/Casablanca',
  'Africa/Abidjan',
  'Atlantic/Reykjavik',
  'Europe/Paris',
  'Europe/Berlin',
  'Europe/Madrid',
  'Europe/Rome',
  'Europe/Amsterdam',
  'Europe/Brussels',
  'Europe/Vienna',
  'Europe/Stockholm',
  'Europe/Oslo',
  'Europe/Copenhagen',
  'Europe/Warsaw',
  'Europe/Prague',
  'Europe/Budapest',
  'Europe/Belgrade',
  'Africa/Lagos',
  'Africa/Algiers',
  'Europe/Athens',
  'Europe/Bucharest',
  'Europe/Helsinki',
  'Europe/Kyiv',
  'Europe/Sofia',
  'Africa/Cairo',
  'Africa/Johannesburg',
  'Asia/Jerusalem',
  'Asia/Beirut',
  'Europe/Istanbul',
  'Europe/Moscow',
  'Asia/Riyadh',
  'Asia/Baghdad',
  'Asia/Qatar',
  'Africa/Nairobi',
  'Asia/Tehran',
  'Asia/Dubai',
  'Asia/Baku',
  'Indian/Mauritius',
  'Asia/Kabul',
  'Asia/Karachi',
  'Asia/Tashkent',
  'Asia/Yekaterinburg',
  'Asia/Kolkata',
  'Asia/Colombo',
  'Asia/Kathmandu',
  'Asia/Dhaka',
  'Asia/Almaty',
  'Asia/Yangon',
  'Asia/Bangkok',
  'Asia/Jakarta',
  'Asia/Ho_Chi_Minh',
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Singapore',
  'Asia/Kuala_Lumpur',
  'Asia/Manila',
  'Australia/Perth',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Australia/Darwin',
  'Australia/Adelaide',
  'Australia/Brisbane',
  'Australia/Sydney',
  'Pacific/Guam',
  'Asia/Vladivostok',
  'Pacific/Noumea',
  'Pacific/Auckland',
  'Pacific/Fiji',
  'Pacific/Tongatapu',
  'Pacific/Kiritimati',
];

/** Minutes east of UTC of `timeZone` at `at`, or null when the browser does not know the zone. */
export function offsetMinutes(timeZone: string, at: Date): number | null {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    if (!part) return null;
    const match = /GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?/.exec(part);
    if (!match) return null;
    if (!match[1]) return 0;
    const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
    return match[1] === '-' ? -minutes : minutes;
  } catch {
    return null;
  }
}

/** `UTC+05:30`, `UTC−03:00`, `UTC`. */
export function formatOffset(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '−';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export interface ZoneOption {
  id: string;
  /** `(UTC+01:00) Europe/Paris` */
  label: string;
  offset: number;
}

/** The zones the browser knows, with `extra` (the learner's zones) added, by offset then name. */
export function zoneOptions(at: Date, extra: readonly (string | undefined)[] = []): ZoneOption[] {
  const ids = new Set(TIME_ZONES);
  for (const zone of extra) if (zone) ids.add(zone);
  const options: ZoneOption[] = [];
  for (const id of ids) {
    const offset = offsetMinutes(id, at);
    if (offset === null) continue;
    options.push({ id, offset, label: `(${formatOffset(offset)}) ${id.replace(/_/g, ' ')}` });
  }
  return options.sort((a, b) => a.offset - b.offset || a.id.localeCompare(b.id));
}

/** The browser's own time zone, when it reports one. */
export function detectTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
