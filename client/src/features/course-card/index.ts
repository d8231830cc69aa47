export { CourseCard, toCardModel, type CourseCardProps, type CourseCardSource } from './CourseCard';
export { fromCatalogCard, fromCourseCard, fromDashboardCourse, type CardModel } from './model';
