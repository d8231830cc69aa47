// The runtime config and the session, loaded once at startup and read by every screen.
import { createContext, useContext } from 'react';
import type { SessionView, UiConfig } from '../api/contracts/bff';

export interface AppContextValue {
  config: UiConfig;
  session: SessionView;
}

export const AppContext = createContext<AppContextValue | null>(null);

export function useAppContext(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('useAppContext outside of the loaded app');
  return value;
}

/** Product name for the title, when the config has loaded. */
export const ProductNameContext = createContext<string | undefined>(undefined);

/** The app context when signed in, `null` on public pages and above the signed-in layout. */
export function useAppContextOptional(): AppContextValue | null {
  return useContext(AppContext);
}

/** The tenant's runtime config, loaded before the router (public pages have it too). */
export const UiConfigContext = createContext<UiConfig | null>(null);

export function useUiConfigContext(): UiConfig {
  const value = useContext(UiConfigContext);
  if (!value) throw new Error('useUiConfigContext before the config loaded');
  return value;
}
