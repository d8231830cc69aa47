// SWR hooks over the gateway's view models, typed by the generated contracts.
import useSWR from 'swr';
import type { MyCoursesView, SessionView, UiConfig } from './contracts/bff';
import { apiFetch, setParentOrigins } from './http';
import { keys, myCoursesUrl, type MyCoursesQuery } from './keys';

async function fetchUiConfig(): Promise<UiConfig> {
  const config = await apiFetch<UiConfig>(keys.uiConfig()[0]);
  setParentOrigins(config.parentOrigins ?? []);
  return config;
}

/** The tenant's runtime config; everything else waits for it. */
export function useUiConfig() {
  return useSWR(keys.uiConfig(), fetchUiConfig, { revalidateOnFocus: false });
}

/** The signed-in user; asked only once the config (and so the re-login target) is known. */
export function useSession(enabled: boolean) {
  return useSWR(enabled ? keys.session() : null, ([url]) => apiFetch<SessionView>(url));
}

/** My courses for a normalised keyword. */
export function useMyCourses(query: MyCoursesQuery) {
  return useSWR(keys.myCourses(query), ([, q]) => apiFetch<MyCoursesView>(myCoursesUrl(q)), {
    keepPreviousData: true,
  });
}
