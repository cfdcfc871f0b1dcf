export { Button, buttonClass, focusRing, type ButtonLook } from './Button';
export { Dialog } from './Dialog';
export { FollowButton } from './FollowButton';
export { MenuButton, type MenuItem } from './MenuButton';
export { RetryButton } from './RetryButton';
export { StatusMessage } from './StatusMessage';
export { useBusyAction } from './useBusyAction';
