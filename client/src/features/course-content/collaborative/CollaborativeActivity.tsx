// A collaborative activity of the content page: the learner's group (the group workflow shared
// by its members), everyone taking part, and the start or join prompt (react-aria dialogs that
// trap and restore focus). Once joined, the activity's tool is launched like an LTI activity.
import { useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CollaborationJoinResult, CollaborationMember } from '../../../api/contracts/bff';
import { useCollaboration } from '../../../api/hooks';
import { keys } from '../../../api/keys';
import { useCommand } from '../../../api/useCommand';
import { ErrorState } from '../../../ui/ErrorState';
import { LoadingState } from '../../../ui/LoadingState';
import { showToast } from '../../../ui/toasts';
import { ActivityStatus, type LtiActivityProps } from '../lti/LtiActivity';
import { LtiLauncher } from '../lti/LtiLauncher';
import { ltiMessages } from '../lti/messages';
import { statusMessage } from '../lti/status';
import { collaborativeMessages as m } from './messages';
import { isolate } from '../../../i18n/isolate';
import '../lti/lti.css';
import './collaborative.css';

/** The player gives it the props of an LTI activity. */
export type CollaborativeActivityProps = LtiActivityProps;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

function MemberRow({ member }: { member: CollaborationMember }) {
  const role = member.role === 'leader' ? m.roleLeader : member.role === 'member' ? m.roleMember : undefined;
  return (
    <li className="collab-member">
      <span className="collab-member__avatar" aria-hidden="true">
        {initials(member.name)}
      </span>
      <span className="collab-member__text">
        <span className="collab-member__name">
          {member.name} {member.isMe && <FormattedMessage {...m.you} />}
        </span>
        {(role || member.email) && (
          <span className="collab-member__meta">
            {role && <FormattedMessage {...role} />}
            {role && member.email && ' · '}
            {member.email}
          </span>
        )}
      </span>
    </li>
  );
}

export function CollaborativeActivity({
  objectiveId,
  workflowId,
  item,
  reviewMode,
  onChanged,
}: CollaborativeActivityProps) {
  const intl = useIntl();
  const path = item.activityPathId ?? null;
  const view = useCollaboration(objectiveId, path);
  const [open, setOpen] = useState(false);
  const join = useCommand<CollaborationJoinResult>(
    path ? `/api/bff/courses/${encodeURIComponent(objectiveId)}/collaboration/${encodeURIComponent(path)}/join` : null,
    {
      revalidates: [
        keys.collaboration(objectiveId, path ?? ''),
        { prefix: `/api/bff/courses/${objectiveId}/tree` },
        { prefix: `/api/bff/workflows/${workflowId}` },
      ],
    },
  );
  const headingId = `collab-${path ?? 'root'}-name`;
  const header = (
    <>
      {/* The page's heading names the activity; the card says what kind it is. */}
      <h2 className="lti-activity__kind" id={headingId}>
        <FormattedMessage {...m.kind} />
      </h2>
    </>
  );
  if (view.error && !view.data) {
    const notStarted = (view.error as { status?: number }).status === 404;
    return (
      <section className="lti-activity" aria-labelledby={headingId}>
        <div className="lti-activity__card">
          {header}
          {notStarted ? (
            <p className="lti-banner lti-banner--muted">
              <FormattedMessage {...m.notStarted} />
            </p>
          ) : (
            <ErrorState
              title={<FormattedMessage {...ltiMessages.loadFailed} />}
              description={<FormattedMessage {...ltiMessages.loadFailedText} />}
              onRetry={() => void view.mutate()}
            />
          )}
        </div>
      </section>
    );
  }
  if (!view.data) {
    return (
      <section className="lti-activity" aria-labelledby={headingId}>
        <div className="lti-activity__card">
          {header}
          <LoadingState />
        </div>
      </section>
    );
  }
  const c = view.data;
  const prompt = c.action === 'start' || c.action === 'join' ? c.action : null;
  const confirm = async (close: () => void) => {
    try {
      await join.trigger();
      close();
      showToast(intl.formatMessage(m.joined, { name: isolate(c.name || item.name) }), 'success');
      onChanged();
    } catch {
      // The failure stays in the dialog (`join.failure`).
    }
  };
  return (
    <section className="lti-activity" aria-labelledby={headingId}>
      <div className="lti-activity__card collab">
        {header}
        {c.status && <ActivityStatus status={c.status} />}
        <p className="lti-activity__intro">
          <FormattedMessage {...m.intro} />
        </p>
        <div className="collab__grid">
          <section className="collab__box" aria-labelledby={`${headingId}-group`}>
            {c.group ? (
              <>
                <h3 className="collab__title" id={`${headingId}-group`}>
                  <FormattedMessage {...m.group} values={{ name: c.group.name }} />
                </h3>
                <p className="collab__status">
                  <FormattedMessage {...m.groupStatus} />:{' '}
                  <strong>
                    <FormattedMessage {...statusMessage[c.group.status]} />
                  </strong>
                </p>
                <ul className="collab__members">
                  {c.group.members.map((member) => (
                    <MemberRow key={member.id} member={member} />
                  ))}
                </ul>
              </>
            ) : (
              <>
                <h3 className="collab__title" id={`${headingId}-group`}>
                  <FormattedMessage {...m.group} values={{ name: '—' }} />
                </h3>
                <p>
                  <FormattedMessage {...m.noGroup} />
                </p>
              </>
            )}
          </section>
          <section className="collab__box" aria-labelledby={`${headingId}-people`}>
            <h3 className="collab__title" id={`${headingId}-people`}>
              <FormattedMessage {...m.participants} values={{ count: c.participants.length }} />
            </h3>
            {c.participants.length === 0 ? (
              <p>
                <FormattedMessage {...m.noParticipants} />
              </p>
            ) : (
              <ul className="collab__members">
                {c.participants.map((member) => (
                  <MemberRow key={member.id} member={member} />
                ))}
              </ul>
            )}
          </section>
        </div>
        {prompt && !reviewMode && !item.locked && !item.disabled && (
          <DialogTrigger isOpen={open} onOpenChange={setOpen}>
            <Button className="button button--primary">
              <FormattedMessage {...(prompt === 'start' ? m.start : m.join)} />
            </Button>
            <ModalOverlay className="collab-overlay" isDismissable>
              <Modal className="collab-modal">
                <Dialog className="collab-dialog" role="alertdialog">
                  {({ close }) => (
                    <>
                      <Heading slot="title" className="collab-dialog__title">
                        <FormattedMessage {...(prompt === 'start' ? m.startTitle : m.joinTitle)} />
                      </Heading>
                      <p>
                        {prompt === 'start' ? (
                          <FormattedMessage
                            {...m.startText}
                            values={{ name: <bdi key="name">{c.name || item.name}</bdi> }}
                          />
                        ) : (
                          <FormattedMessage
                            {...m.joinText}
                            values={{
                              name: <bdi key="name">{c.name || item.name}</bdi>,
                              group: <bdi key="group">{c.group?.name ?? ''}</bdi>,
                            }}
                          />
                        )}
                      </p>
                      <div role="alert">
                        {join.failure && (
                          <p className="lti-launcher__error">
                            {join.failure.message ?? intl.formatMessage(ltiMessages.startFailed)}
                          </p>
                        )}
                      </div>
                      <div className="collab-dialog__actions">
                        <Button className="button button--secondary" onPress={close}>
                          <FormattedMessage {...m.cancel} />
                        </Button>
                        <Button
                          className="button button--primary"
                          isDisabled={join.isMutating}
                          onPress={() => void confirm(close)}
                        >
                          <FormattedMessage {...(prompt === 'start' ? m.confirmStart : m.confirmJoin)} />
                        </Button>
                      </div>
                    </>
                  )}
                </Dialog>
              </Modal>
            </ModalOverlay>
          </DialogTrigger>
        )}
        {(c.action === 'open' || (reviewMode && c.activityWorkflowId)) && (
          <LtiLauncher
            objectiveId={objectiveId}
            workflowId={c.workflowId}
            activityPathId={c.activityPathId}
            name={c.name || item.name}
            reviewMode={reviewMode}
            onChanged={() => {
              void view.mutate();
              onChanged();
            }}
          />
        )}
      </div>
    </section>
  );
}

export default CollaborativeActivity;
