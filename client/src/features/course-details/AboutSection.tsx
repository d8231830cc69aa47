// The course's 'About' text from the LMS (sanitised by RichContent) under its heading, in the
// direction of its own language: on the course page, the public course page and the catalog
// course page (which frames it with its own `className`).
import { RichContent } from '../../ui/rich-content/RichContent';
import './about-section.css';

export function AboutSection({
  headingId,
  heading,
  html,
  className = 'details-section',
}: {
  headingId: string;
  heading: string;
  html: string;
  className?: string;
}) {
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId} className="details-section__heading">
        {heading}
      </h2>
      <div dir="auto" className="about-section__content">
        <RichContent html={html} />
      </div>
    </section>
  );
}
