// The route table under the /learn basename. Every screen is its own lazy chunk.
import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AppShell } from './AppShell';
import { useAppContext } from './context';

const MyCoursesPage = lazy(() => import(/* webpackChunkName: "my-courses" */ '../features/my-courses/MyCoursesPage'));
const CatalogPage = lazy(() => import(/* webpackChunkName: "catalog" */ '../features/catalog/CatalogPage'));
const CalendarPage = lazy(() => import(/* webpackChunkName: "calendar" */ '../features/calendar/CalendarPage'));
const ProfilePage = lazy(() => import(/* webpackChunkName: "profile" */ '../features/profile/ProfilePage'));
const ForbiddenPage = lazy(() => import(/* webpackChunkName: "errors" */ '../features/errors/ForbiddenPage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "errors" */ '../features/errors/NotFoundPage'));

/** `/`: the dashboard is not built yet, so always My courses, keeping query string and hash. */
function RootRedirect() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: '/courses', search, hash }} replace />;
}

export function AppRoutes() {
  const { config } = useAppContext();
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route index element={<RootRedirect />} />
        <Route path="courses" element={<MyCoursesPage />} />
        {config.catalogEnabled && <Route path="catalog" element={<CatalogPage />} />}
        {config.calendarEnabled && <Route path="calendar/*" element={<CalendarPage />} />}
        <Route path="profile" element={<ProfilePage />} />
        <Route path="forbidden" element={<ForbiddenPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
