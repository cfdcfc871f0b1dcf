import { createLifecycles } from '@murmur/remote-kit';
import { ProfileApp } from './ProfileApp';
import './styles.css';

export const { bootstrap, mount, unmount } = createLifecycles(ProfileApp, 'profile-mfe');
