// The preferred time zone tab: the current date and time (refreshed every 60 s, 12-hour with
// weekday), about 100 named zones in a searchable list, and 'Detect my time zone'. Choosing a
// zone saves it when it differs from the current one (spec section 5); success is announced,
// a failure only logged (spec section 8). The session is revalidated, so every date of the
// portal follows the new zone (the IntlProvider's time zone comes from the session).
import { useEffect, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover, Text, type Key } from 'react-aria-components';
import type { ProfileView, TimezoneRequest, TimezoneResult } from '../../api/contracts/bff';
import { keys } from '../../api/keys';
import { useCommand } from '../../api/useCommand';
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

  useEffect(() => setSelected(profile.timezone), [profile.timezone]);

  const choose = async (zone: string) => {
    setSelected(zone);
    if (zone === current) return;
    try {
      await save.trigger({ timezone: zone });
      showToast(intl.formatMessage(m.saved), 'success');
    } catch (error) {
      // Spec section 8: a failed save is reported to error reporting only.
      console.error('Saving the preferred time zone failed', error);
      setSelected(profile.timezone);
    }
  };

  const onSelectionChange = (key: Key | null) => {
    if (key !== null && String(key) !== selected) void choose(String(key));
  };

  return (
    <div className="profile-card tz">
      <div className="tz-clock">
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
            isDisabled={save.isMutating}
            onPress={() => void choose(detected)}
          >
            {intl.formatMessage(m.detect)}
          </Button>
        )}
      </div>
      <p role="status" className="tz-status">
        {save.isMutating ? intl.formatMessage(m.saving) : ''}
      </p>
    </div>
  );
}
