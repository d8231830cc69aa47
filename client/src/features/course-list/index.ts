export { CollectionChips, useCollectionName } from './CollectionChips';
export { NoMatches, SearchEmptyArt } from './EmptyResults';
export { FilterDrawer } from './FilterDrawer';
export { appliedFilter, EMPTY_FILTER, useListParams, type ListFilter } from './listParams';
export { PAGE_SIZE, PagedCourseGrid } from './PagedCourseGrid';
export { SearchBox } from './SearchBox';
export { useFiltersUnavailable } from './useFiltersUnavailable';
export { useKeywordSearch } from './useKeywordSearch';
import './course-list.css';
