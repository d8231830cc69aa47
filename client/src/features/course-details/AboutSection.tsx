// The course's 'About' text from the LMS (sanitised by RichContent) under its heading: on the
// course page and on the public course page.
import { RichContent } from '../../ui/rich-content/RichContent';

export function AboutSection({ headingId, heading, html }: { headingId: string; heading: string; html: string }) {
  return (
    <section className="details-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="details-section__heading">
        {heading}
      </h2>
      <div dir="auto">
        <RichContent html={html} />
      </div>
    </section>
  );
}
