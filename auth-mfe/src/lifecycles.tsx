import { createLifecycles } from '@murmur/remote-kit';
import { AuthApp } from './AuthApp';
import './styles.css';

export const { bootstrap, mount, unmount } = createLifecycles(AuthApp, 'auth-mfe');
