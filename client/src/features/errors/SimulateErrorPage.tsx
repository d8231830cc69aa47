// `/simulate-error` (spec section 2, a test aid): throws while rendering, so the route's error
// element shows the 500 page.
export default function SimulateErrorPage(): never {
  throw new Error('Simulated error (/simulate-error)');
}
