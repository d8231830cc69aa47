// `/profile` (spec section 2 'Profile page'): the learner's full name as the header and two
// tabs, personal info and preferred time zone. The tab is kept in the URL (`?tab=`).
import { useIntl } from 'react-intl';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { useSearchParams } from 'react-router-dom';
import type { ProfileView } from '../../api/contracts/bff';
import { useProfile } from '../../api/hooks';
import { DelayedLoading } from '../../ui/DelayedLoading';
import { ErrorState } from '../../ui/ErrorState';
import { PageHeading } from '../../ui/PageHeading';
import { profileMessages as m } from './messages';
import { TimeZoneTab } from './TimeZoneTab';
import './profile.css';

const TABS = ['personalInfo', 'preferredTimeZone'] as const;
type TabId = (typeof TABS)[number];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
}

function PersonalInfo({ profile }: { profile: ProfileView }) {
  const intl = useIntl();
  const unit = profile.primaryUnit;
  return (
    <div className="profile-card">
      <dl className="profile-facts">
        <div>
          <dt>{intl.formatMessage(m.email)}</dt>
          <dd>
            <bdi>{profile.user.email}</bdi>
          </dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.primaryUnit)}</dt>
          <dd>
            {unit
              ? unit.code
                ? intl.formatMessage(m.unitWithCode, {
                    name: <bdi key="name">{unit.name}</bdi>,
                    code: <bdi key="code">{unit.code}</bdi>,
                  })
                : unit.name
              : intl.formatMessage(m.noUnit)}
          </dd>
        </div>
      </dl>
      {profile.privacyPolicyUrl && (
        <p className="profile-privacy">
          <a href={profile.privacyPolicyUrl} target="_blank" rel="noreferrer noopener">
            {intl.formatMessage(m.privacyPolicy)}
            <span className="visually-hidden"> {intl.formatMessage(m.newTab)}</span>
          </a>
        </p>
      )}
    </div>
  );
}

export default function ProfilePage() {
  const intl = useIntl();
  const profile = useProfile();
  const [params, setParams] = useSearchParams();
  const tab: TabId = TABS.includes(params.get('tab') as TabId) ? (params.get('tab') as TabId) : 'personalInfo';
  const title = intl.formatMessage(m.title);

  const selectTab = (key: Key) => {
    const next = new URLSearchParams(params);
    if (key === 'personalInfo') next.delete('tab');
    else next.set('tab', String(key));
    setParams(next, { replace: true });
  };

  if (profile.error && !profile.data) {
    return (
      <section className="profile-page">
        <PageHeading title={title}>{title}</PageHeading>
        <ErrorState
          title={intl.formatMessage(m.loadFailed)}
          description={intl.formatMessage(m.loadFailedHint)}
          onRetry={() => void profile.mutate()}
        />
      </section>
    );
  }
  if (!profile.data) return <DelayedLoading />;
  const data = profile.data;

  return (
    <section className="profile-page">
      <header className="profile-header">
        <span className="profile-header__avatar" aria-hidden="true">
          {initials(data.user.fullName)}
        </span>
        <div>
          <p className="profile-header__eyebrow">{title}</p>
          <PageHeading title={title}>{data.user.fullName}</PageHeading>
        </div>
      </header>
      <Tabs selectedKey={tab} onSelectionChange={selectTab} className="profile-tabs">
        <TabList aria-label={intl.formatMessage(m.tabsLabel)} className="profile-tabs__list">
          <Tab id="personalInfo" className="profile-tabs__tab">
            {intl.formatMessage(m.personalInfoTab)}
          </Tab>
          <Tab id="preferredTimeZone" className="profile-tabs__tab">
            {intl.formatMessage(m.timeZoneTab)}
          </Tab>
        </TabList>
        <TabPanel id="personalInfo" className="profile-tabs__panel">
          <PersonalInfo profile={data} />
        </TabPanel>
        <TabPanel id="preferredTimeZone" className="profile-tabs__panel">
          <TimeZoneTab profile={data} />
        </TabPanel>
      </Tabs>
    </section>
  );
}
