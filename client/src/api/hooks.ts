// SWR hooks over the gateway's view models, typed by the generated contracts. Every hook reads
// its key from `keys` and its data through the one fetcher; `null` ids mean "do not fetch yet".
// Errors are typed `unknown` (SWR says `any`): reading one takes a check such as `instanceof ApiError`.
import useSWR, { type SWRConfiguration } from 'swr';
import type {
  ActivityView,
  CalendarView,
  CatalogCourseView,
  CatalogView,
  CertificatePreview,
  CollaborationView,
  CourseDetailsView,
  CourseTreeView,
  DashboardView,
  EmailAnswerView,
  MyCoursesView,
  ProctoringView,
  ProfileView,
  PublicCatalogView,
  PublicCertificateView,
  PublicCourseView,
  RedirectView,
  SessionView,
  UiConfig,
  WorkflowView,
} from './contracts/bff';
import { apiFetch, setParentOrigins } from './http';
import { keys, keyUrl, type CourseListQuery, type Key, type KeyParams } from './keys';

/** The one fetcher: a key's URL, fetched with the gateway's headers. */
export function fetchKey<T>(key: Key): Promise<T> {
  return apiFetch<T>(keyUrl(key));
}

async function fetchUiConfig(): Promise<UiConfig> {
  const config = await fetchKey<UiConfig>(keys.uiConfig());
  setParentOrigins(config.parentOrigins ?? []);
  return config;
}

/** The tenant's runtime config; everything else waits for it. */
export function useUiConfig() {
  return useSWR<UiConfig, unknown>(keys.uiConfig(), fetchUiConfig, { revalidateOnFocus: false });
}

/** The signed-in user; asked only once the config (and so the re-login target) is known. */
export function useSession(enabled: boolean) {
  return useSWR<SessionView, unknown>(enabled ? keys.session() : null, fetchKey);
}

function useView<T>(key: Key | null, options?: SWRConfiguration<T, unknown>) {
  return useSWR<T, unknown>(key, fetchKey, options);
}

const keepPrevious = { keepPreviousData: true } as const;

export const useMyCourses = (query: CourseListQuery) => useView<MyCoursesView>(keys.myCourses(query), keepPrevious);
export const useCatalog = (query: CourseListQuery) => useView<CatalogView>(keys.catalog(query), keepPrevious);
export const useCatalogCourse = (objectiveId: string | null) =>
  useView<CatalogCourseView>(objectiveId ? keys.catalogCourse(objectiveId) : null);
export const useCourseDetails = (objectiveId: string | null, params: { viewType?: string } = {}) =>
  useView<CourseDetailsView>(objectiveId ? keys.courseDetails(objectiveId, params) : null);
export const useCourseTree = (
  objectiveId: string | null,
  params: { workflowId?: string; viewType?: string } = {},
  options?: SWRConfiguration<CourseTreeView, unknown>,
) => useView<CourseTreeView>(objectiveId ? keys.courseTree(objectiveId, params) : null, options);
export const useActivityView = (
  objectiveId: string | null,
  activityPathId: string | null,
  params: { workflowId?: string; viewType?: string } = {},
  options?: SWRConfiguration<ActivityView, unknown>,
) =>
  useView<ActivityView>(
    objectiveId && activityPathId ? keys.activity(objectiveId, activityPathId, params) : null,
    options,
  );
export const useWorkflowView = (workflowId: string | null) =>
  useView<WorkflowView>(workflowId ? keys.workflow(workflowId) : null);
export const useProctoring = (objectiveId: string | null, activityPathId: string | null) =>
  useView<ProctoringView>(objectiveId && activityPathId ? keys.proctoring(objectiveId, activityPathId) : null);
export const useCollaboration = (objectiveId: string | null, activityPathId: string | null) =>
  useView<CollaborationView>(objectiveId && activityPathId ? keys.collaboration(objectiveId, activityPathId) : null);
export const useRedirect = (params: KeyParams | null) => useView<RedirectView>(params ? keys.redirect(params) : null);
export const useCertificatePreview = (certificateNumber: string | null) =>
  useView<CertificatePreview>(certificateNumber ? keys.certificate(certificateNumber) : null);
export const useProfile = () => useView<ProfileView>(keys.profile());
export const useCalendar = (range: { from: string; to: string } | null) =>
  useView<CalendarView>(range ? keys.calendar(range) : null, keepPrevious);
export const useDashboard = () => useView<DashboardView>(keys.dashboard());
export const useEmailAnswer = (params: KeyParams | null) =>
  useView<EmailAnswerView>(params ? keys.emailAnswer(params) : null);
/** Answer of `GET /api/bff/attachment-size` (the gateway's `AttachmentSize`; not in the contracts crate). */
export interface AttachmentSizeView {
  /** `Content-Length` of the attachment; `null` when the host did not say. */
  bytes: number | null;
}
/** The size of an attachment on this origin or a storage host; `null` url: do not ask. */
export const useAttachmentSize = (url: string | null) =>
  useView<AttachmentSizeView>(url ? keys.attachmentSize(url) : null, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
export const usePublicCatalog = (query: CourseListQuery) =>
  useView<PublicCatalogView>(keys.publicCatalog(query), keepPrevious);
export const usePublicCourse = (objectiveId: string | null) =>
  useView<PublicCourseView>(objectiveId ? keys.publicCourse(objectiveId) : null);
export const usePublicCertificate = (certificateNumber: string | null) =>
  useView<PublicCertificateView>(certificateNumber ? keys.publicCertificate(certificateNumber) : null);
