// The preferred time zone tab: the current date and time (refreshed every 60 s, 12-hour with
// weekday), about 100 named zones in a searchable list, and 'Detect my time zone'. Choosing a
// zone saves it when it differs from the current one (spec section 5); success is announced.
// A failure is reported to error reporting (spec section 8) and the list goes back to the saved
// zone, but the learner is told too: under the list, which zone was not saved and, when known,
// why, with Try again (the same zone sent again) when the failure may pass. The session is
// revalidated, so every date of the portal follows the new zone (the IntlProvider's time zone
// comes from the session).
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text, type Key } from 'react-aria-components';
import type { ProfileView, TimezoneRequest, TimezoneResult } from '../../api/contracts/bff';
import { isTransientFailure } from '../../api/http';
import { keys } from '../../api/keys';
import { commandFailure, useCommand } from '../../api/useCommand';
import { uiMessages } from '../../ui/messages';
import { showToast } from '../../ui/toasts';
import { profileMessages as m } from './messages';
import { detectTimeZone, zoneOptions } from './timeZones';

export const CLOCK_REFRESH_MS = 60_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** A save that failed: the zone the learner chose, and why it was not saved. */
interface SaveFailure {
  zone: string;
  error: unknown;
}

export function TimeZoneTab({ profile }: { profile: ProfileView }) {
  const intl = useIntl();
  const now = useNow();
  const current = profile.timezoneChosen ? profile.timezone : undefined;
  const [selected, setSelected] = useState<string>(profile.timezone);
  const detected = useMemo(() => detectTimeZone(), []);
  const options = useMemo(() => zoneOptions(new Date(), [profile.timezone, detected]), [profile.timezone, detected]);
  const save = useCommand<TimezoneResult, TimezoneRequest>('/api/bff/profile/timezone', {
    revalidates: [
      { path: keys.session()[0] },
      { path: keys.profile()[0] },
      { path: keys.dashboard()[0] },
      { prefix: '/api/bff/calendar' },
    ],
  });

  const [failure, setFailure] = useState<SaveFailure>();
  // From the press to the views revalidated (the command's own pending state ends earlier).
  const [saving, setSaving] = useState(false);
  // Only the latest choice decides what the tab shows: an older save answering late does not.
  const latest = useRef(0);
  const clock = useRef<HTMLDivElement>(null);
  const notice = useRef<HTMLDivElement>(null);
  // Try again had the focus: once its save is over, focus goes where the learner can go on.
  const refocus = useRef(false);

  useEffect(() => setSelected(profile.timezone), [profile.timezone]);

  useEffect(() => {
    if (!refocus.current || saving) return;
    refocus.current = false;
    // Saved: the notice is gone, the clock says the time in the new zone. Failed for good: the
    // button is gone, the notice says why.
    if (!failure) clock.current?.focus();
    else if (!notice.current?.contains(document.activeElement)) notice.current?.focus();
  }, [failure, saving]);

  const choose = async (zone: string) => {
    const attempt = ++latest.current;
    setSelected(zone);
    // Another zone chosen: the failure of the one before is no longer what the learner wants.
    setFailure((f) => (f?.zone === zone ? f : undefined));
    if (zone === current) {
      setSaving(false);
      return;
    }
    setSaving(true);
    let taken = false;
    try {
      await save.trigger(
        { timezone: zone },
        {
          onAnswered: () => {
            taken = true;
          },
        },
      );
    } catch (error) {
      // Taken, and only a refresh of the views after it failed: the zone is saved.
      if (!taken) {
        // Spec section 8: reported to error reporting; the list keeps the saved zone.
        console.error('Saving the preferred time zone failed', error);
        if (attempt === latest.current) {
          setSelected(profile.timezone);
          setFailure({ zone, error });
          setSaving(false);
        }
        return;
      }
    }
    if (attempt !== latest.current) return;
    setFailure(undefined);
    setSaving(false);
    showToast(intl.formatMessage(m.saved), 'success');
  };

  const retry = () => {
    if (!failure || saving) return;
    refocus.current = notice.current?.contains(document.activeElement) ?? false;
    void choose(failure.zone);
  };

  const onSelectionChange = (key: Key | null) => {
    if (key !== null && String(key) !== selected) void choose(String(key));
  };

  return (
    <div className="profile-card tz">
      {/* Focused after Try again saved the zone: it reads the time in the zone just saved. */}
      <div className="tz-clock" ref={clock} tabIndex={-1}>
        <p className="tz-clock__label">{intl.formatMessage(m.currentTime)}</p>
        <p className="tz-clock__time">
          <time dateTime={now.toISOString()}>
            {intl.formatDate(now, {
              weekday: 'long',
              year: 'numeric',
              month: 'long',
              day: 'numeric',
              hour: 'numeric',
              minute: '2-digit',
              hour12: true,
              timeZone: selected,
            })}
          </time>
        </p>
      </div>
      {!profile.timezoneChosen && (
        <p className="tz-note">{intl.formatMessage(m.notChosen, { zone: profile.timezone })}</p>
      )}
      <div className="tz-controls">
        <ComboBox
          className="tz-combo"
          defaultItems={options}
          selectedKey={selected}
          onSelectionChange={onSelectionChange}
          menuTrigger="focus"
        >
          <Label className="tz-combo__label">{intl.formatMessage(m.zoneLabel)}</Label>
          <div className="tz-combo__field">
            <Input className="tz-combo__input" />
            <Button className="tz-combo__button">
              <span aria-hidden="true" className="tz-combo__caret" />
            </Button>
          </div>
          <Text slot="description" className="tz-combo__hint">
            {intl.formatMessage(m.zoneHint)}
          </Text>
          <Popover className="tz-combo__popover">
            <ListBox
              className="tz-combo__list"
              renderEmptyState={() => <p className="tz-combo__empty">{intl.formatMessage(m.noZones)}</p>}
            >
              {(option: { id: string; label: string }) => (
                <ListBoxItem id={option.id} textValue={option.label} className="tz-combo__option">
                  {option.label}
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </ComboBox>
        {detected && (
          <Button
            className="button button--secondary tz-detect"
            isDisabled={saving}
            onPress={() => void choose(detected)}
          >
            {intl.formatMessage(m.detect)}
          </Button>
        )}
      </div>
      {failure && (
        <div className="failure-box tz-failure" ref={notice} tabIndex={-1}>
          {/* Emptied while the zone is sent again, so that a second failure is announced anew. */}
          <div role="alert">
            {!saving && (
              <SaveFailed zone={options.find((o) => o.id === failure.zone)?.label ?? failure.zone} failure={failure} />
            )}
          </div>
          {isTransientFailure(failure.error) && (
            <Button className="button button--secondary" isPending={saving} onPress={retry}>
              {/* The portal's one 'Try again' (a request that failed), translated in every locale. */}
              {intl.formatMessage(uiMessages.retry)}
            </Button>
          )}
        </div>
      )}
      <p role="status" className="tz-status">
        {saving ? intl.formatMessage(m.saving) : ''}
      </p>
    </div>
  );
}

/**
 * What the notice says: that `zone` (as the list names it) was not saved, then why and what to do
 * when the gateway said (the platform unavailable or the device offline, the LMS's refusal).
 */
function SaveFailed({ zone, failure }: { zone: string; failure: SaveFailure }) {
  const intl = useIntl();
  const reason = commandFailure(failure.error, intl)?.message;
  return (
    <>
      {/* The zone's name keeps its own direction inside the sentence (an Arabic page). */}
      <p className="tz-failure__title">{intl.formatMessage(m.saveFailed, { zone: <bdi key="zone">{zone}</bdi> })}</p>
      {reason && (
        <>
          {' '}
          <p>{reason}</p>
        </>
      )}
    </>
  );
}
