import { createLifecycles } from '@murmur/remote-kit';
import { FeedApp } from './FeedApp';
import './styles.css';

export const { bootstrap, mount, unmount } = createLifecycles(FeedApp, 'feed-mfe');
