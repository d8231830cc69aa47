// HTML of the course (sanitised by RichContent) in the direction of its own language: a course
// written in English reads left to right in an Arabic interface, and the other way round.
import { RichContent } from '../../../ui/rich-content/RichContent';

export function LmsContent({ html, className }: { html: string; className?: string }) {
  return (
    <div dir="auto" className="lms-content">
      <RichContent html={html} className={className} />
    </div>
  );
}
