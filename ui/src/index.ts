export { Dialog } from './Dialog';
export { FollowButton } from './FollowButton';
export { MenuButton, type MenuItem } from './MenuButton';
export { StatusMessage } from './StatusMessage';
