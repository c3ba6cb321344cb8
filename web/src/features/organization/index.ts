/** The organization, its members and inbox, and the role names other screens show. */
export { useMembers } from './api/get-members';
export { useOrganization } from './api/get-organization';
export { InboxCard } from './components/inbox-card';
export { roleSelectClass } from './components/invite-form';
export { ROLE_LABELS } from './lib/team-rules';
