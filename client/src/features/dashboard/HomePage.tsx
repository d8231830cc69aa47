// `/`: the dashboard when the tenant turns it on; otherwise My courses, keeping query and hash.
import { Navigate, useLocation } from 'react-router-dom';
import { useAppContext } from '../../app/context';
import { DashboardPage } from './DashboardPage';

export default function HomePage() {
  const { config } = useAppContext();
  const { search, hash } = useLocation();
  if (config.dashboardEnabled) return <DashboardPage />;
  return <Navigate to={{ pathname: '/courses', search, hash }} replace />;
}
