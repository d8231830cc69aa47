// Web storage that never throws on access. A frame in a page of another site may be denied
// local and session storage (third-party storage blocked: reading `window.localStorage` or
// `window.sessionStorage` throws); what would be kept there is then kept by this page alone.

/** A `Storage` kept in memory for the page's lifetime (five methods: no library needed). */
class PageStorage implements Storage {
  private readonly items = new Map<string, string>();

  get length(): number {
    return this.items.size;
  }

  clear(): void {
    this.items.clear();
  }

  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }

  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }

  removeItem(key: string): void {
    this.items.delete(key);
  }

  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

const pageStorage = new PageStorage();

/** The storage `get` answers, or this page's own store when the browser denies it. */
export function storageOrPage(get: () => Storage): Storage {
  try {
    return get();
  } catch {
    return pageStorage;
  }
}
