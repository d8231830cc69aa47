// The flat, ordered items of the tree view as nested sections, and the reading order the
// Previous / Next buttons follow. No rule is derived here: statuses, locks and order come from
// the gateway's view.
import type { TreeItem } from '../../../api/contracts/bff';

export interface TocNode {
  item: TreeItem;
  path: string;
  children: TocNode[];
}

/** Items with a path, nested by depth (a deeper item belongs to the last shallower one). */
export function buildToc(items: readonly TreeItem[]): TocNode[] {
  const roots: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const item of items) {
    if (!item.activityPathId) continue;
    const node: TocNode = { item, path: item.activityPathId, children: [] };
    while (stack.length && stack[stack.length - 1]!.item.depth >= item.depth) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(node);
    else roots.push(node);
    stack.push(node);
  }
  return roots;
}

/** The path ids of the sections above `path` (to open them when it is active). */
export function ancestorsOf(items: readonly TreeItem[], path: string): string[] {
  const index = items.findIndex((i) => i.activityPathId === path);
  if (index < 0) return [];
  const out: string[] = [];
  let depth = items[index]!.depth;
  for (let i = index - 1; i >= 0 && depth > 0; i--) {
    const item = items[i]!;
    if (item.depth < depth) {
      if (item.activityPathId) out.push(item.activityPathId);
      depth = item.depth;
    }
  }
  return out;
}

/** Items that are pages of their own when stepping with Previous / Next: every item but a
 *  module whose children follow it (its first child comes next). */
function isStep(items: readonly TreeItem[], index: number): boolean {
  const item = items[index]!;
  const next = items[index + 1];
  return !(item.kind === 'composite' && next && next.depth > item.depth);
}

/** The previous and next items of `path` in reading order. */
export function neighbours(items: readonly TreeItem[], path: string): { previous?: TreeItem; next?: TreeItem } {
  const index = items.findIndex((i) => i.activityPathId === path);
  if (index < 0) return {};
  let previous: TreeItem | undefined;
  for (let i = index - 1; i >= 0; i--) {
    if (items[i]!.activityPathId && isStep(items, i)) {
      previous = items[i];
      break;
    }
  }
  let next: TreeItem | undefined;
  for (let i = index + 1; i < items.length; i++) {
    if (items[i]!.activityPathId && isStep(items, i)) {
      next = items[i];
      break;
    }
  }
  return { previous, next };
}
