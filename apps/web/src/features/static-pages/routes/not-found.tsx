import { NotFoundView } from '../../../components/not-found-view.tsx';

export default function NotFound() {
  return <NotFoundView />;
}
