// A collaborative activity of the content page (minimal first version).
import type { CourseTreeView, TreeItem } from '../../../api/contracts/bff';

export interface CollaborativeActivityProps {
  objectiveId: string;
  workflowId: string;
  item: TreeItem;
  tree: CourseTreeView;
  reviewMode: boolean;
  onChanged: () => void;
}

export function CollaborativeActivity({ item }: CollaborativeActivityProps) {
  return (
    <section className="collaborative-activity">
      <p>{item.name}</p>
    </section>
  );
}

export default CollaborativeActivity;
