// Whether a component renders inside a layout's <main> (the signed-in shell, the public layout),
// so a page drawn both inside and outside one (the error page) adds a <main> only when needed.
import { createContext, useContext } from 'react';

export const InsideMainContext = createContext(false);

export function useInsideMain(): boolean {
  return useContext(InsideMainContext);
}
