// The course area (/courses/{objectiveId}/*): its children render the course's screens.
import { Outlet } from 'react-router-dom';

export default function CourseLayout() {
  return <Outlet />;
}
