// A video: the browser's own accessible player (keyboard controls, captions with their
// language hints, those of the interface's language on when the video speaks another), or the
// platform's embed. How far the learner got is saved through the
// gateway on pause, at the end and every 15 s of playing; it resumes from there.
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PlayerActivity } from '../../../api/contracts/bff';
import { activityMessages } from '../messages';
import { useSaveProgress } from '../usePlayerCommands';
import { LmsContent } from './LmsContent';

/** Seconds of playing between two saves. */
export const SAVE_EVERY_SECONDS = 15;

interface Props {
  workflowId: string;
  activity: PlayerActivity;
  readOnly: boolean;
}

export function VideoActivity({ workflowId, activity, readOnly }: Props) {
  const intl = useIntl();
  const video = activity.content.video;
  const ref = useRef<HTMLVideoElement>(null);
  const lastSaved = useRef(0);
  const [resumed, setResumed] = useState(false);
  const running = activity.workflowStatus === 'inProgress' && !readOnly;
  const save = useSaveProgress(running ? workflowId : null, activity.activityWorkflowId ?? null);

  const saveNow = () => {
    const element = ref.current;
    if (!element || !running || !Number.isFinite(element.duration) || element.duration <= 0) return;
    lastSaved.current = element.currentTime;
    const progress = Math.min(1, Math.max(0, element.currentTime / element.duration));
    save.trigger({ progress, positionSeconds: element.currentTime }).catch(() => undefined);
  };

  useEffect(() => setResumed(false), [activity.activityPathId]);

  // Captions in the interface's language are on from the start when the video speaks another.
  const uiLanguage = primary(intl.locale);
  const preferred = video?.tracks.find((t) => primary(t.lang) === uiLanguage && primary(video.lang) !== uiLanguage);
  // Caption tracks of another origin load only over CORS (the media host sends
  // Access-Control-Allow-Origin); a video without such tracks asks for nothing more.
  const crossOrigin = video?.tracks.some((t) => !sameOrigin(t.src)) ? 'anonymous' : undefined;

  if (!video) {
    return (
      <div className="activity-video">
        <p className="activity-empty">
          <FormattedMessage {...activityMessages.noVideo} />
        </p>
        {activity.content.html && <LmsContent html={activity.content.html} />}
      </div>
    );
  }
  return (
    <div className="activity-video">
      {video.url ? (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- the caption tracks come from the view (`video.tracks`, mapped below); the rule sees only literal <track> children
        <video
          ref={ref}
          className="video-player"
          controls
          preload="metadata"
          src={video.url}
          lang={video.lang}
          crossOrigin={crossOrigin}
          playsInline
          onLoadedMetadata={(event) => {
            const element = event.currentTarget;
            const progress = activity.progress ?? 0;
            if (progress > 0 && progress < 1 && Number.isFinite(element.duration)) {
              element.currentTime = progress * element.duration;
              lastSaved.current = element.currentTime;
              setResumed(true);
            }
          }}
          onTimeUpdate={(event) => {
            if (event.currentTarget.currentTime - lastSaved.current >= SAVE_EVERY_SECONDS) saveNow();
          }}
          onPause={saveNow}
          onEnded={saveNow}
        >
          {video.tracks.map((track) => (
            <track
              key={track.src}
              kind="captions"
              src={track.src}
              srcLang={track.lang}
              label={track.label}
              default={track === preferred}
            />
          ))}
        </video>
      ) : (
        <iframe
          className="video-embed"
          src={video.embedUrl}
          title={intl.formatMessage(activityMessages.videoTitle, { name: activity.name })}
          lang={video.lang}
          loading="lazy"
          allow="fullscreen; picture-in-picture"
          allowFullScreen
        />
      )}
      {resumed && (
        <p className="activity-hint" role="status">
          <FormattedMessage {...activityMessages.resumed} />
        </p>
      )}
      {activity.content.html && <LmsContent html={activity.content.html} />}
    </div>
  );
}

/** The language of a tag without its region: `ar-AR` → `ar`. */
function primary(tag: string | undefined): string | undefined {
  return tag?.split('-')[0]?.toLowerCase();
}

function sameOrigin(src: string): boolean {
  try {
    return new URL(src, window.location.href).origin === window.location.origin;
  } catch {
    return true;
  }
}
