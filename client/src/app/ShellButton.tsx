// A react-aria Button for the shell's notices, as a chunk of its own: the notices show at once
// and their buttons fill in when this arrives, so the first paint of a page carries no button
// code (see `ShellNotices` and `FrameSignIn`).
import { Button, type ButtonProps } from 'react-aria-components';

export default function ShellButton(props: ButtonProps) {
  return <Button {...props} />;
}
