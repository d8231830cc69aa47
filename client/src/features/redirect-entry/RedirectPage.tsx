import { NotBuiltYet } from '../../ui/NotBuiltYet';

export default function Page() {
  return <NotBuiltYet />;
}
