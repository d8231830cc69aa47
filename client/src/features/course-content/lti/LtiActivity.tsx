// An LTI activity of the content page (minimal first version; the launch follows).
import type { CourseTreeView, TreeItem } from '../../../api/contracts/bff';

export interface LtiActivityProps {
  objectiveId: string;
  workflowId: string;
  item: TreeItem;
  tree: CourseTreeView;
  reviewMode: boolean;
  onChanged: () => void;
}

export function LtiActivity({ item }: LtiActivityProps) {
  return (
    <section className="lti-activity">
      <p>{item.name}</p>
    </section>
  );
}

export default LtiActivity;
